import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingChatPage() {
  return (
    <FeaturePending title="Coaching chat">
      Your conversation with this coach, in the tone you chose, will appear here.
    </FeaturePending>
  );
}
