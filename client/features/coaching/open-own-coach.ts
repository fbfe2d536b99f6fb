import { useNavigate } from 'react-router';
import { useCreateUserCoach } from './coaches-api.ts';

/**
 * Opens a page of the person's own copy of a catalogue coach (its chat, its customize page),
 * making the copy first when there is none (off the team: adding to the team is its own choice).
 * The server answers with the copy the person already has, so this is safe to repeat.
 */
export function useOpenOwnCoach(userId: string) {
  const navigate = useNavigate();
  const create = useCreateUserCoach(userId);
  return {
    open: (catalogueId: string, pageOf: (userCoachId: string) => string) =>
      create.mutate(
        { catalogueId, addToTeam: false },
        { onSuccess: (own) => void navigate(pageOf(own.id)) },
      ),
    /** The catalogue coach being opened, if any. */
    opening: create.isPending ? create.variables.catalogueId : null,
  };
}
