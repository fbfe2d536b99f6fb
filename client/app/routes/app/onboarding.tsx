import { ChannelSettings } from '#client/features/channels/channel-settings.tsx';
import { NewGoalFlow } from '#client/features/goals/components/new-goal-flow.tsx';
import { OnboardingFlow } from '#client/features/onboarding/components/onboarding-flow.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import {
  DeliveryTimesStepForm,
  TimeZoneStepForm,
} from '#client/features/schedule/components/onboarding-forms.tsx';

export function OnboardingPage() {
  const { today } = useUserDay();
  return (
    <div className="mx-auto max-w-xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <OnboardingFlow
        timeZoneStep={(step) => <TimeZoneStepForm {...step} />}
        channelsStep={(step) => (
          <DeliveryTimesStepForm
            {...step}
            channels={(timesFor) => (
              <section aria-labelledby="onboarding-channels" className="space-y-3">
                <h2 id="onboarding-channels" className="text-base font-semibold">
                  Channels and times
                </h2>
                <ChannelSettings compact below={timesFor} />
              </section>
            )}
          />
        )}
        firstGoalStep={(exits) => <NewGoalFlow today={today} exits={exits} />}
      />
    </div>
  );
}
