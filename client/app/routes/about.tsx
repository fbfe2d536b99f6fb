import { HandHeart, Eye, ListOrdered, Lock } from 'lucide-react';
import { CallToAction } from '#client/features/marketing/components/call-to-action.tsx';
import { FeatureCard } from '#client/features/marketing/components/feature-card.tsx';
import { MarketingSection } from '#client/features/marketing/components/marketing-section.tsx';
import { PageIntro } from '#client/features/marketing/components/page-intro.tsx';
import { SectionHeading } from '#client/features/marketing/components/section-heading.tsx';

const audiences = [
  {
    title: 'People working on their own goals',
    text: 'Anyone with something they want to change, from a first 10K to a new career, who would like a plan and a daily nudge rather than another to-do app.',
  },
  {
    title: 'Human coaches',
    text: 'Coaches whose clients want support between sessions. Clients choose what to share, and the coach sees their progress in one place.',
  },
  {
    title: 'Whoever runs the server',
    text: 'A person hosting Trellis for their household, a club, a practice or a company, with an admin area for people, roles, deliveries and AI engines.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageIntro
        eyebrow="About Trellis"
        title="Growth needs something to climb"
        lead="A trellis does not make a plant grow. It gives the growth a shape and something to hold on to. That is what we want Trellis to be for the goals you care about."
      />

      <MarketingSection labelledBy="why-title">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <SectionHeading
            id="why-title"
            eyebrow="Why it exists"
            title="Goals rarely fail on the day you set them"
          />
          <div className="space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              They fail on an ordinary Tuesday, when there are thirty things you could do and no
              clear reason to pick the one that matters. Good coaching helps with exactly that, but
              a human coach is usually an hour a week, and not everyone can afford one.
            </p>
            <p>
              Trellis brings the everyday parts of coaching to anyone, at any hour: making the goal
              clear, planning the steps, choosing today's work, and looking back at how it went.
              Human coaches are still welcome. Trellis gives them and their clients a shared place
              to work between sessions.
            </p>
          </div>
        </div>
      </MarketingSection>

      <MarketingSection labelledBy="beliefs-title" tone="muted">
        <SectionHeading
          id="beliefs-title"
          eyebrow="What we believe"
          title="Four principles behind every screen"
        />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:gap-6">
          <li>
            <FeatureCard icon={ListOrdered} title="Three tasks, not thirty">
              <p>
                A long list feels productive and gets ignored. Trellis commits to three tasks a day
                and tells you why each one was chosen.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={Eye} title="Honest about the machine">
              <p>
                The app says which engine answered you. Changes a coach suggests, like new tasks or
                moved dates, wait for your approval. A coaching tone changes the wording, never the
                facts.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={Lock} title="Your data, your server">
              <p>
                Trellis runs wherever you install it, with its own database and an offline coach
                engine. Your goals reach an outside AI service only if you connect one.
              </p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon={HandHeart} title="Care comes before coaching">
              <p>
                If a conversation mentions self-harm, abuse or a medical emergency, coaching stops
                and Trellis shows where to find help. Health coaching is not medical advice.
              </p>
            </FeatureCard>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection labelledBy="audience-title">
        <SectionHeading
          id="audience-title"
          eyebrow="Who it is for"
          title="Built for individuals, coaches and the people who host them"
        />
        <ul className="mt-10 grid gap-4 md:grid-cols-3 lg:gap-6">
          {audiences.map((audience) => (
            <li
              key={audience.title}
              className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm"
            >
              <h3 className="text-lg font-semibold tracking-tight">{audience.title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{audience.text}</p>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection labelledBy="built-title" tone="muted">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <SectionHeading
            id="built-title"
            eyebrow="How it is built"
            title="Simple to run, ready to grow"
          />
          <div className="space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              Trellis is a single TypeScript app. Out of the box it uses PGlite, which is PostgreSQL
              itself running inside the app, so a laptop needs nothing else installed.
            </p>
            <p>
              When you outgrow one machine, point it at a PostgreSQL server and run as many app
              processes and background workers as you need. Coaches can use the built-in engine,
              OpenAI, Anthropic or a local model served by Ollama, LM Studio or vLLM.
            </p>
          </div>
        </div>
      </MarketingSection>

      <div className="pt-16 sm:pt-20">
        <CallToAction id="about-start-title" title="See what Trellis makes of your goal">
          <p>Start free, or log in if you already have an account.</p>
        </CallToAction>
      </div>
    </>
  );
}
