import type { User } from '@supabase/supabase-js';
import { roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import { paths } from '#client/lib/paths.ts';

export type Role = AppRole;

/** The role the server put in `app_metadata.role`; anything else (or nothing) is a regular user. */
export function getRole(user: Pick<User, 'app_metadata'> | null | undefined): Role {
  return roleFromAppMetadata(user?.app_metadata);
}

/** Where a person lands after logging in when no page was requested (spec §2). */
export function homeForRole(role: Role): string {
  switch (role) {
    case 'admin':
      return paths.admin;
    case 'coach':
      return paths.coach;
    case 'user':
      return paths.goals;
  }
}
