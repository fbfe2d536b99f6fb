import { ChartLine, Clock, ListChecks, Star, Users, Waypoints } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { CallToAction } from '#client/features/marketing/components/call-to-action.tsx';
import { FeatureCard } from '#client/features/marketing/components/feature-card.tsx';
import { HowItWorks } from '#client/features/marketing/components/how-it-works.tsx';
import { MarketingSection } from '#client/features/marketing/components/marketing-section.tsx';
import { SectionHeading } from '#client/features/marketing/components/section-heading.tsx';
import { SelfHostPanel } from '#client/features/marketing/components/self-host-panel.tsx';
import { TestimonialCard } from '#client/features/marketing/components/testimonial-card.tsx';
import { TopThreePreview } from '#client/features/marketing/components/top-three-preview.tsx';

const testimonials = [
  {
    name: 'Maya',
    goal: 'Training for her first 10K',
    quote:
      'I told Trellis I wanted to ‘run a 10K this autumn’. It asked why, learned my sister is running it too, and planned my runs around my night shifts. My top three arrives at 6:30, before I can talk myself out of it.',
  },
  {
    name: 'Daniel',
    goal: 'Moving from customer support into product management',
    quote:
      'Becoming a product manager felt impossible. The career coach turned it into things I can do on a Tuesday: write up one customer interview, spend an hour on SQL, message one product manager I admire.',
  },
  {
    name: 'Priya',
    goal: 'Making more time for her partner',
    quote:
      'The relationships coach noticed my work goals were taking every evening and said so, plainly. We chose Wednesday as our evening, and protecting it is now in my top three each week.',
  },
];

export function LandingPage() {
  return (
    <>
      <div className="bg-[radial-gradient(ellipse_at_top,var(--primary-soft),transparent_65%)]">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-16 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
          <div>
            <p className="text-sm font-semibold text-primary">AI coaching you can host yourself</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Turn the goals you set into three things to do today.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
              Tell Trellis what you want to change. Your coach shapes it into a clear goal, breaks
              it into milestones and daily tasks, and sends you the three that matter most each day,
              by email, SMS or web push, at the times you choose.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={paths.signup} className={buttonClasses('primary', 'lg')}>
                Start free
              </Link>
              <Link to={paths.login} className={buttonClasses('outline', 'lg')}>
                Log In
              </Link>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              Running your own server? It is free:{' '}
              <Link
                to={paths.pricing}
                className="font-medium text-primary underline underline-offset-4"
              >
                compare plans
              </Link>
              .
            </p>
          </div>
          <TopThreePreview />
        </div>
      </div>

      <MarketingSection labelledBy="how-it-works-title">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From a wish to a plan in three steps"
        >
          <p>
            Most goals stall between deciding and doing. Trellis covers that stretch for you, one
            day at a time.
          </p>
        </SectionHeading>
        <HowItWorks />
      </MarketingSection>

      <MarketingSection labelledBy="features-title" tone="muted">
        <SectionHeading
          id="features-title"
          eyebrow="What you get"
          title="A coaching team that knows your whole week"
        >
          <p>
            Separate goals compete for the same hours. Trellis coaches see all of them, so the plan
            they give you is one you can actually keep.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          <li>
            <FeatureCard icon={Users} title="Coaches for each part of your life">
              <p>
                Specialised coaches for health, career, relationships and personal development, each
                in the tone you like: supportive, direct, analytical, motivational or mindful.
              </p>
              <p className="text-sm">Health coaching is not medical advice.</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={Clock} title="Available around the clock">
              <p>
                Reflect at 6 a.m. or after midnight. Your coach answers whenever you check in, and
                the built-in engine keeps working even without an AI provider.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={ChartLine} title="Progress you can see">
              <p>
                Rings and bars for each goal and milestone, streaks, and weekly insights that point
                out what is working and what keeps slipping.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={Waypoints} title="Coaches that work together">
              <p>
                When marathon training and a promotion push want the same evenings, your coaches
                consult each other, name the trade-off and help you choose.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={ListChecks} title="Instant task breakdown">
              <p>
                A goal becomes milestones and daily tasks in moments, paced from your deadline and
                the hours you have each week. You accept or change every step before it is added.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={Star} title="Your top three goals come first">
              <p>
                Mark the three goals that matter most right now. They weigh most when Trellis picks
                each day's three tasks, so urgent-but-minor work never crowds them out.
              </p>
            </FeatureCard>
          </li>
        </ul>
        <p className="mt-8">
          <Link
            to={paths.features}
            className="font-medium text-primary underline underline-offset-4"
          >
            See every feature in detail
          </Link>
        </p>
      </MarketingSection>

      <MarketingSection labelledBy="stories-title">
        <SectionHeading
          id="stories-title"
          eyebrow="Stories"
          title="What a few weeks with Trellis can look like"
        >
          <p>
            These are illustrative examples of how people use Trellis, not reviews from real
            customers.
          </p>
        </SectionHeading>
        <div className="mt-10 grid gap-4 md:grid-cols-3 lg:gap-6">
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} {...testimonial} />
          ))}
        </div>
      </MarketingSection>

      <MarketingSection labelledBy="self-host-title" tone="muted">
        <SectionHeading
          id="self-host-title"
          eyebrow="Self-hostable"
          title="Runs on your machine, with your data"
        >
          <p>
            Trellis is one Node.js app with its own database and coach engine. Run it on a laptop, a
            home server or a cloud machine. Nothing goes to an AI service unless you connect one.
          </p>
        </SectionHeading>
        <div className="mt-10">
          <SelfHostPanel />
        </div>
      </MarketingSection>

      <div className="pt-16 sm:pt-20">
        <CallToAction id="start-title" title="Start with one goal">
          <p>
            Create an account, declare one goal, and see tomorrow's top three before you close the
            tab.
          </p>
        </CallToAction>
      </div>
    </>
  );
}
