import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { CallToAction } from '#client/features/marketing/components/call-to-action.tsx';
import { FaqItem } from '#client/features/marketing/components/faq-item.tsx';
import { MarketingSection } from '#client/features/marketing/components/marketing-section.tsx';
import { PageIntro } from '#client/features/marketing/components/page-intro.tsx';
import { SectionHeading } from '#client/features/marketing/components/section-heading.tsx';

interface Plan {
  id: string;
  name: string;
  price: string;
  cadence: string;
  summary: string;
  includes: string[];
  action: { label: string; to: string; variant: 'primary' | 'outline' };
  highlighted: boolean;
}

const plans: Plan[] = [
  {
    id: 'plan-self-hosted',
    name: 'Self-hosted',
    price: 'Free',
    cadence: 'forever',
    summary: 'Free and open. Run Trellis on your own laptop, home server or cloud machine.',
    includes: [
      'Every feature, for as many people as your server holds',
      'Built-in offline coach engine, no API key needed',
      'Connect OpenAI, Anthropic or a local model if you want one',
      'Email through your SMTP server, SMS through your provider, web push built in',
      'You look after updates and backups',
    ],
    action: {
      label: 'Read the setup steps',
      to: `${paths.help}#getting-started`,
      variant: 'outline',
    },
    highlighted: false,
  },
  {
    id: 'plan-hosted',
    name: 'Hosted',
    price: '$9',
    cadence: 'per person, per month',
    summary: 'We run Trellis for you. Try it free for 14 days, no card needed to sign up.',
    includes: [
      'Every feature, nothing held back',
      'Email, SMS and web push delivery set up for you',
      'Updates and daily backups handled by us',
      'Built-in coach engine, or bring your own OpenAI or Anthropic key',
      'Cancel at any time',
    ],
    // On a server one runs oneself an account is free: the call starts one here, no trial.
    action: { label: 'Start free', to: paths.signup, variant: 'primary' },
    highlighted: true,
  },
];

export function PricingPage() {
  return (
    <>
      <PageIntro
        eyebrow="Pricing"
        title="Free to run yourself, simple if we run it"
        lead="Both plans have the same features. The only difference is who looks after the server."
      />

      <section
        aria-label="Plans"
        className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 sm:pt-12 sm:pb-20"
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <li
              key={plan.id}
              className={
                plan.highlighted
                  ? 'flex flex-col rounded-2xl border-2 border-primary bg-card p-6 text-card-foreground shadow-md sm:p-8'
                  : 'flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8'
              }
            >
              <h2 id={plan.id} className="text-xl font-semibold tracking-tight">
                {plan.name}
              </h2>
              <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
                <span className="text-4xl font-semibold tracking-tight">{plan.price}</span>
                <span className="text-muted-foreground">{plan.cadence}</span>
              </p>
              <p className="mt-3 leading-relaxed text-muted-foreground">{plan.summary}</p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.includes.map((item) => (
                  <li key={item} className="flex gap-3">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span className="leading-relaxed">{item}</span>
                  </li>
                ))}
              </ul>
              <Link
                to={plan.action.to}
                className={buttonClasses(plan.action.variant, 'lg', 'mt-8 w-full')}
              >
                {plan.action.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Prices in US dollars, before any local sales tax or VAT.
        </p>
      </section>

      <MarketingSection labelledBy="pricing-faq-title" tone="muted">
        <SectionHeading id="pricing-faq-title" eyebrow="Questions" title="About plans and costs" />
        <div className="mt-8 max-w-3xl space-y-3">
          <FaqItem question="Is the self-hosted version limited in any way?">
            <p>
              No. It is the same app with every feature: goals, daily delivery, all coaches and
              tones, analytics, and the coach and admin areas. You provide the server and, if you
              want SMS or email, the providers that send them.
            </p>
          </FaqItem>
          <FaqItem question="Do I need to pay for an AI model?">
            <p>
              No. The built-in coach engine refines goals, plans milestones and coaches in every
              tone without calling any outside service. If you connect OpenAI, Anthropic or another
              provider, you pay that provider directly for what you use. A local model through
              Ollama, LM Studio or vLLM costs only your own hardware.
            </p>
          </FaqItem>
          <FaqItem question="What happens when the free trial ends?">
            <p>
              You choose whether to continue on the Hosted plan. We remind you by email before the
              trial ends, and nothing is charged unless you subscribe.
            </p>
          </FaqItem>
          <FaqItem question="Can a coaching practice or a team use Trellis?">
            <p>
              Yes. Human coaches get their own area where they see the clients who chose to share
              with them. Self-host it for your practice, or put each person on the Hosted plan.
            </p>
          </FaqItem>
        </div>
        <p className="mt-8">
          <Link to={paths.help} className="font-medium text-primary underline underline-offset-4">
            More answers in the help centre
          </Link>
        </p>
      </MarketingSection>

      <div className="pt-16 sm:pt-20">
        <CallToAction id="pricing-start-title" title="Try the hosted plan for 14 days">
          <p>Declare a goal today and get your first top three tomorrow.</p>
        </CallToAction>
      </div>
    </>
  );
}
