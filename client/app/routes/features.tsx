import {
  BellRing,
  Briefcase,
  ChartLine,
  HeartPulse,
  History,
  Mail,
  MessageSquareText,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Sprout,
  UserRoundCheck,
  Users,
  Waypoints,
} from 'lucide-react';
import { CallToAction } from '#client/features/marketing/components/call-to-action.tsx';
import { FeatureCard } from '#client/features/marketing/components/feature-card.tsx';
import { MarketingSection } from '#client/features/marketing/components/marketing-section.tsx';
import { PageIntro } from '#client/features/marketing/components/page-intro.tsx';
import { SectionHeading } from '#client/features/marketing/components/section-heading.tsx';
import { SelfHostPanel } from '#client/features/marketing/components/self-host-panel.tsx';

const smartGoal = [
  { term: 'Specific outcome', detail: 'Run the city 10K with my sister, start to finish.' },
  { term: 'Metric and target', detail: 'Finish 10 km in under 70 minutes.' },
  { term: 'Deadline', detail: 'Race day, Sunday 12 October.' },
  { term: 'Why it matters', detail: 'I want to feel strong again, and do this together.' },
  { term: 'First step', detail: 'A 20-minute easy run on Monday evening.' },
];

const tones = [
  {
    name: 'Supportive',
    reply:
      'Two missed runs in a week of late meetings is not a setback. You still ran three times. Shall we plan a shorter run for Thursday?',
  },
  {
    name: 'Direct',
    reply:
      'You planned five runs and did three. Both misses were late-meeting days. Move those runs to the morning or drop them from the plan.',
  },
  {
    name: 'Analytical',
    reply:
      'Both missed runs fell on days with a meeting after 6 p.m. Morning runs on those days would match the weeks you completed.',
  },
  {
    name: 'Motivational',
    reply:
      'Three runs this week, and every one of them counts towards race day. Make Thursday number four.',
  },
  {
    name: 'Mindful',
    reply:
      'Notice how the missed runs sit with you, without judging them. What would make Thursday’s run easier to begin?',
  },
];

const domains = [
  {
    icon: HeartPulse,
    title: 'Health',
    text: 'Movement, sleep, food and energy: habits built up in steps small enough to keep. Health coaching is not medical advice.',
  },
  {
    icon: Briefcase,
    title: 'Career',
    text: 'Promotions, career changes, skills and side projects, turned into weekly work that fits around your job.',
  },
  {
    icon: Users,
    title: 'Relationships',
    text: 'Time with a partner, family and friends, and the conversations you keep putting off.',
  },
  {
    icon: Sprout,
    title: 'Personal development',
    text: 'Learning, creative practice, confidence and the habits that make the other goals easier.',
  },
];

export function FeaturesPage() {
  return (
    <>
      <PageIntro
        eyebrow="Features"
        title="Everything between setting a goal and reaching it"
        lead="Trellis refines what you want into a clear goal, plans the way there, brings you three tasks a day and coaches you through the weeks in between."
      />

      <MarketingSection labelledBy="plan-title">
        <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
          <SectionHeading id="plan-title" eyebrow="Goals" title="From a vague wish to a SMART goal">
            <p>
              Write a goal in your own words. Your coach asks what success looks like, by when, and
              why it matters to you, then proposes a SMART goal with five parts you can edit.
            </p>
            <p className="mt-4">
              With the goal agreed, Trellis breaks it into milestones and daily tasks. Milestones
              are spaced from your deadline, and tasks are sized to the hours you say you have each
              week. Nothing is added to your plan until you accept it.
            </p>
          </SectionHeading>
          <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
            <p className="text-sm text-muted-foreground">
              You wrote: <span className="font-medium text-foreground">“get fit this year”</span>
            </p>
            <h3 className="mt-4 font-semibold tracking-tight">Your coach proposed</h3>
            <dl className="mt-3 divide-y rounded-xl border">
              {smartGoal.map((row) => (
                <div key={row.term} className="grid gap-1 p-3 sm:grid-cols-[9rem_1fr] sm:gap-4">
                  <dt className="text-sm font-medium text-accent-foreground">{row.term}</dt>
                  <dd className="text-sm leading-relaxed">{row.detail}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </MarketingSection>

      <MarketingSection labelledBy="delivery-title" tone="muted">
        <SectionHeading
          id="delivery-title"
          eyebrow="Daily delivery"
          title="Your top three, when and where you want them"
        >
          <p>
            Each day Trellis scores your open tasks by due date, milestone deadlines, how long a
            task has waited, the effort it needs against the time you have, and whether it serves
            one of your top three goals. The three highest arrive with a one-line reason each, and
            the list stays fixed for the day so it never shifts under you.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-3 lg:gap-6">
          <li>
            <FeatureCard icon={Mail} title="Email">
              <p>
                A short message at the time you pick, with your three tasks and links back to your
                plan.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={Smartphone} title="SMS">
              <p>The three tasks in a single text, for days you would rather not open an inbox.</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={BellRing} title="Web push">
              <p>A notification from your browser or installed app, no separate download needed.</p>
            </FeatureCard>
          </li>
        </ul>
        <p className="mt-8 max-w-3xl leading-relaxed text-muted-foreground">
          You choose the time for each channel, the days of the week, quiet hours and your time
          zone. Travelling? Change the time zone and the new schedule starts on your next local day.
          Every delivery also appears in your in-app notifications.
        </p>
      </MarketingSection>

      <MarketingSection labelledBy="domains-title">
        <SectionHeading
          id="domains-title"
          eyebrow="Coaches"
          title="A coach for each part of your life"
        >
          <p>
            Each domain coach knows its field and the goals you have set in it. Give a coach a name
            and a personality, or take the short assessment and let Trellis recommend a line-up.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {domains.map((domain) => (
            <li key={domain.title}>
              <FeatureCard icon={domain.icon} title={domain.title}>
                <p>{domain.text}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection labelledBy="tones-title" tone="muted">
        <SectionHeading
          id="tones-title"
          eyebrow="Coaching tones"
          title="The same facts, in the voice that works for you"
        >
          <p>
            A tone changes how your coach speaks, never what is true. Here is one week of running
            seen through each of the five tones.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {tones.map((tone) => (
            <li
              key={tone.name}
              className="flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm"
            >
              <h3 className="flex items-center gap-2 font-semibold tracking-tight">
                <MessageSquareText aria-hidden="true" className="size-5 text-primary" />
                {tone.name}
              </h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">“{tone.reply}”</p>
            </li>
          ))}
          <li className="flex flex-col rounded-2xl border-2 border-dashed border-input p-6">
            <h3 className="flex items-center gap-2 font-semibold tracking-tight">
              <Sparkles aria-hidden="true" className="size-5 text-primary" />
              Make it yours
            </h3>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              Pick a tone for each coach, give it a name and a personality, and switch whenever a
              week calls for something different.
            </p>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection labelledBy="team-title">
        <SectionHeading
          id="team-title"
          eyebrow="Working together"
          title="Coaching that sees the whole picture"
        >
          <p>Your goals share one calendar. Your coaches plan with that in mind.</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-3 lg:gap-6">
          <li>
            <FeatureCard icon={Waypoints} title="Coach coordination">
              <p>
                Ask the coach team about a decision and the domain coaches consult each other. They
                point out trade-offs between goals, such as a training plan and a job search both
                wanting your evenings, and suggest a way through.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={ChartLine} title="Progress analytics">
              <p>
                Completion by goal, milestone and domain, streaks and achievements, plus weekly
                insights that describe what is working in plain words.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={History} title="Reflection and history">
              <p>
                Short check-ins after a day or a week, kept with your coaching history so you and
                your coach can look back at what changed.
              </p>
            </FeatureCard>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection labelledBy="roles-title" tone="muted">
        <SectionHeading
          id="roles-title"
          eyebrow="Beyond the individual"
          title="Room for human coaches and admins"
        >
          <p>Trellis works for one person, and for a coaching practice or team.</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-2 lg:gap-6">
          <li>
            <FeatureCard icon={UserRoundCheck} title="Coach area">
              <p>
                Human coaches see the clients who chose to share with them, and only what those
                clients shared. Clients can withdraw that access at any time.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={ShieldCheck} title="Admin area">
              <p>
                Admins manage users and roles, check system health and deliveries, and choose which
                AI engine the coaches use, with usage totals per engine.
              </p>
            </FeatureCard>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection labelledBy="host-title">
        <SectionHeading
          id="host-title"
          eyebrow="Private by design"
          title="Self-hosted in two commands"
        >
          <p>
            Install it where you like and decide which AI, if any, sees your conversations. The app
            always shows which engine answered, and if an external model is slow or fails, the
            built-in coach steps in and says so.
          </p>
        </SectionHeading>
        <div className="mt-10">
          <SelfHostPanel />
        </div>
      </MarketingSection>

      <CallToAction id="features-start-title" title="Try it with the goal on your mind right now">
        <p>It takes a minute to sign up and a few more to see your first plan.</p>
      </CallToAction>
    </>
  );
}
