import { useMutation, useQuery } from '@tanstack/react-query';
import {
  accountDeletedSchema,
  accountDeletionPaths,
  accountDeletionProofSchema,
  type AccountDeletion,
} from '#contracts/account.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const accountDeletionKeys = {
  proof: ['account', 'deletion', 'proof'] as const,
};

/** What deleting asks for (password, emailed code, or nothing), read when the dialog opens. */
export function useDeletionProof(enabled: boolean) {
  return useQuery({
    queryKey: accountDeletionKeys.proof,
    queryFn: ({ signal }) =>
      apiRequest(accountDeletionProofSchema, accountDeletionPaths.deletion.href(), { signal }),
    enabled,
    meta: { silentError: true },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (proof: AccountDeletion) =>
      apiRequest(accountDeletedSchema, accountDeletionPaths.deletion.href(), {
        method: 'POST',
        body: proof,
      }),
    // The dialog shows what went wrong beside the field.
    meta: { silentError: true },
  });
}
