import type { User } from '@supabase/supabase-js';
import { paths } from '#client/lib/paths.ts';

export type Role = 'admin' | 'coach' | 'user';

/** The role the server put in `app_metadata.role`; anything else (or nothing) is a regular user. */
export function getRole(user: Pick<User, 'app_metadata'> | null | undefined): Role {
  const role: unknown = user?.app_metadata.role;
  return role === 'admin' || role === 'coach' ? role : 'user';
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

/** Coaches and admins see the coach area; only admins the admin area (spec §6). */
export function isCoach(role: Role): boolean {
  return role === 'coach' || role === 'admin';
}
