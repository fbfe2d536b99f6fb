import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  channelPaths,
  channelsSchema,
  type Channels,
  type DeliveryChannel,
  type PushSubscriptionInput,
} from '#contracts/channels.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const channelsKey = ['delivery', 'channels'] as const;

export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => apiRequest(channelsSchema, channelPaths.channels.href(), { signal }),
  });
}

/** A change to the channels: every route answers with the channels as they now are. */
function useChannelChange<V>(call: (variables: V) => Promise<Channels>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The cards show the server's message next to the control that failed.
    meta: { silentError: true },
    onSuccess: (channels) => queryClient.setQueryData(channelsKey, channels),
    // After a refusal, what the server holds may differ from what is shown.
    onError: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}

export function useToggleChannel() {
  const queryClient = useQueryClient();
  const change = useChannelChange(
    ({ channel, enabled }: { channel: DeliveryChannel; enabled: boolean }) =>
      apiRequest(channelsSchema, channelPaths.channel.href({ channel }), {
        method: 'PUT',
        body: { enabled },
      }),
  );
  return {
    ...change,
    /** Flips the switch at once; a failure puts it back. */
    toggle: (channel: DeliveryChannel, enabled: boolean) => {
      const previous = queryClient.getQueryData<Channels>(channelsKey);
      if (previous) {
        queryClient.setQueryData<Channels>(channelsKey, {
          ...previous,
          [channel]: { ...previous[channel], enabled },
        });
      }
      change.mutate(
        { channel, enabled },
        {
          onError: () => {
            if (previous) queryClient.setQueryData(channelsKey, previous);
          },
        },
      );
    },
  };
}

export function useStartPhoneVerification() {
  return useChannelChange((phone: string) =>
    apiRequest(channelsSchema, channelPaths.smsVerification.href(), {
      method: 'POST',
      body: { phone },
    }),
  );
}

export function useConfirmPhone() {
  return useChannelChange((code: string) =>
    apiRequest(channelsSchema, channelPaths.smsVerificationConfirm.href(), {
      method: 'POST',
      body: { code },
    }),
  );
}

export function useAddPushSubscription() {
  return useChannelChange((subscription: PushSubscriptionInput) =>
    apiRequest(channelsSchema, channelPaths.pushSubscriptions.href(), {
      method: 'POST',
      body: subscription,
    }),
  );
}

export function useRemovePushSubscription() {
  return useChannelChange((id: string) =>
    apiRequest(channelsSchema, channelPaths.pushSubscription.href({ id }), { method: 'DELETE' }),
  );
}
