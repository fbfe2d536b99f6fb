import { FeaturePending } from '#client/components/ui/feature-pending.tsx';
import { useInsights } from '#client/features/insights/api.ts';
import { InsightSummaryCard } from '#client/features/insights/components/insight-card.tsx';

export function CoachingTeamPage() {
  // Insight notifications open this page: this week's insight leads it once written.
  const insight = useInsights().data?.current;
  return (
    <FeaturePending
      title="Coach team"
      lead={insight ? <InsightSummaryCard insight={insight} /> : undefined}
    >
      Your domain coaches will consult together here and surface the trade-offs between your goals.
    </FeaturePending>
  );
}
