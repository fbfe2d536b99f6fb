import type { LucideIcon } from 'lucide-react';
import { BellRing, CircleHelp, MessageSquareText, Rocket, ShieldCheck, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { FaqItem } from '#client/features/marketing/components/faq-item.tsx';
import { PageIntro } from '#client/features/marketing/components/page-intro.tsx';

const sections = [
  { id: 'getting-started', title: 'Getting started', icon: Rocket },
  { id: 'goals', title: 'Goals', icon: Target },
  { id: 'daily-delivery', title: 'Daily delivery', icon: BellRing },
  { id: 'coaching', title: 'Coaching', icon: MessageSquareText },
  { id: 'privacy-and-data', title: 'Privacy and data', icon: ShieldCheck },
  { id: 'common-questions', title: 'Common questions', icon: CircleHelp },
] as const satisfies readonly { id: string; title: string; icon: LucideIcon }[];

type SectionId = (typeof sections)[number]['id'];

function HelpSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const section = sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`Unknown help section ${id}`);
  const Icon = section.icon;
  const titleId = `${id}-title`;
  return (
    // scroll-mt keeps the heading clear of the sticky header when a contents link jumps here.
    <section id={id} aria-labelledby={titleId} className="scroll-mt-24">
      <h2 id={titleId} className="flex items-center gap-3 text-2xl font-semibold tracking-tight">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {section.title}
      </h2>
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

function Prose({ children }: { children: ReactNode }) {
  return <div className="space-y-4 leading-relaxed text-muted-foreground">{children}</div>;
}

function Steps({ children }: { children: ReactNode }) {
  return (
    <ol className="list-decimal space-y-3 rounded-2xl border bg-card py-5 pr-5 pl-10 leading-relaxed text-card-foreground shadow-sm marker:font-semibold marker:text-primary">
      {children}
    </ol>
  );
}

function Questions({ children }: { children: ReactNode }) {
  return <div className="space-y-3">{children}</div>;
}

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground">
      {children}
    </code>
  );
}

export function HelpPage() {
  return (
    <>
      <PageIntro
        eyebrow="Help centre"
        title="How to get the most out of Trellis"
        lead="Setting up, shaping goals, getting your daily top three, working with coaches and keeping your data private. Jump to a topic or read from the top."
      />

      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-10 pb-20 sm:px-6 sm:pt-12 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="help-contents-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-sm lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
            <h2 id="help-contents-title" className="text-sm font-semibold">
              On this page
            </h2>
            <ol className="mt-3 grid gap-x-4 gap-y-1 min-[360px]:grid-cols-2 lg:grid-cols-1">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-mx-2 block rounded-lg px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="min-w-0 space-y-16">
          <HelpSection id="getting-started">
            <Prose>
              <p>Trellis works in any current browser on a phone, tablet or computer.</p>
            </Prose>
            <Steps>
              <li>
                <Link
                  to={paths.signup}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  Create an account
                </Link>{' '}
                with your email address and a password of at least 8 characters.
              </li>
              <li>
                Answer the short onboarding questions: your time zone, when you would like your top
                three, and the coaches you want to work with.
              </li>
              <li>
                Declare your first goal in your own words. Your coach helps you turn it into a SMART
                goal and proposes milestones and daily tasks.
              </li>
              <li>
                Accept the plan, or change it first. Your first top three arrives at the next time
                you chose.
              </li>
            </Steps>
            <Questions>
              <FaqItem question="How do I run Trellis on my own server?">
                <p>
                  Install Node.js 20.19 or later, then run <Code>npm install</Code> and{' '}
                  <Code>npm start</Code> in the project folder. Trellis builds what it needs and
                  serves everything at http://localhost:3000. Set the <Code>PORT</Code> environment
                  variable to use another port.
                </p>
                <p>
                  There is nothing else to install: the database (PGlite, an embedded PostgreSQL)
                  and the offline coach engine are built in.
                </p>
              </FaqItem>
              <FaqItem question="Where does a self-hosted server keep its data?">
                <p>
                  By default in a <Code>data</Code> folder next to the app. To use a PostgreSQL
                  server instead, set <Code>DATABASE_URL</Code>. With a PostgreSQL server you can
                  also run several app processes and background workers side by side.
                </p>
              </FaqItem>
            </Questions>
          </HelpSection>

          <HelpSection id="goals">
            <Prose>
              <p>
                A goal in Trellis has five parts: a specific outcome, a metric and target, a
                deadline, why it matters to you, and a first step. You do not need to know them when
                you start. Write what you want and your coach asks for the rest.
              </p>
              <p>
                Once the goal is clear, Trellis breaks it into milestones spaced out before the
                deadline, and daily tasks sized to the hours you have each week. You see the whole
                plan before anything is added, and you can change any step.
              </p>
            </Prose>
            <Questions>
              <FaqItem question="What are top three goals?">
                <p>
                  You can mark up to three goals as the ones that matter most right now. Tasks that
                  move them forward weigh more when Trellis picks each day's top three. Change your
                  choice whenever your priorities change.
                </p>
              </FaqItem>
              <FaqItem question="The plan is too much for my week. What can I do?">
                <p>
                  Tell your coach how much time you really have. It can spread the milestones out,
                  shrink tasks or suggest moving the deadline. Every change is shown to you to
                  accept or decline.
                </p>
              </FaqItem>
              <FaqItem question="How many goals should I have at once?">
                <p>
                  As many as you like, but most people do best with two to four active goals. The
                  coach team points out when goals compete for the same time.
                </p>
              </FaqItem>
            </Questions>
          </HelpSection>

          <HelpSection id="daily-delivery">
            <Prose>
              <p>
                Each day Trellis picks three tasks from your open tasks. It weighs due dates,
                milestone deadlines, your top three goals, how long a task has been waiting and how
                much effort it needs compared with the time you have that day. Each task comes with
                a one-line reason.
              </p>
              <p>
                In Settings, under Notifications, choose email, SMS, web push or any mix of them. On
                the{' '}
                <Link
                  to={paths.schedule}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  Schedule
                </Link>{' '}
                page, set the delivery times, the days of the week, quiet hours and your time zone.
                Every delivery also appears in your notifications inside the app.
              </p>
            </Prose>
            <Questions>
              <FaqItem question="Why didn't my top three arrive today?">
                <p>
                  Check that today is one of your delivery days, that the time is outside your quiet
                  hours and that your time zone is right. Your top three is always in the app,
                  whatever happens to the message.
                </p>
                <p>
                  On a self-hosted server without an email or SMS provider, messages go to a
                  development outbox that admins can read in the admin area.
                </p>
              </FaqItem>
              <FaqItem question="Does the list change during the day?">
                <p>
                  No. The day's three tasks are fixed once chosen, so the list will not shift under
                  you. Tasks you add later are considered from the next day.
                </p>
              </FaqItem>
              <FaqItem question="I'm travelling. What happens to my schedule?">
                <p>
                  Change your time zone on the Schedule page, or set a travel time zone there for
                  the days you are away. The new schedule starts from your next local day, so you
                  are not sent the same day's tasks twice.
                </p>
              </FaqItem>
              <FaqItem question="Web push notifications don't show up.">
                <p>
                  Allow notifications for Trellis when your browser asks, or in the browser's site
                  settings. On iPhone and iPad, add Trellis to your Home Screen first; Safari only
                  delivers web push to installed web apps.
                </p>
              </FaqItem>
            </Questions>
          </HelpSection>

          <HelpSection id="coaching">
            <Prose>
              <p>
                Trellis has coaches for health, career, relationships and personal development. Each
                can speak in the tone you prefer: supportive, direct, analytical, motivational or
                mindful. A tone changes the wording, never the facts.
              </p>
              <p>
                Reflect with a coach after a day or a week, give a coach a name and personality, or
                take the assessment to get recommended coaches. Ask the coach team when a decision
                touches several goals; they consult each other and lay out the trade-offs.
              </p>
            </Prose>
            <Questions>
              <FaqItem question="Which AI answered me?">
                <p>
                  Each reply says which engine wrote it. If the server's configured model is slow or
                  fails, the built-in coach engine answers instead and tells you so.
                </p>
              </FaqItem>
              <FaqItem question="Is the health coach giving medical advice?">
                <p>
                  No. Health coaching in Trellis is about habits and routines, and it is not medical
                  advice. For symptoms, injuries, medication or diagnosis, talk to a qualified
                  professional.
                </p>
              </FaqItem>
              <FaqItem question="What if I am going through something serious?">
                <p>
                  If a conversation mentions self-harm, abuse or a medical emergency, coaching stops
                  and Trellis shows where to find help. Trellis is not an emergency service: if you
                  are in danger, call your local emergency number.
                </p>
              </FaqItem>
            </Questions>
          </HelpSection>

          <HelpSection id="privacy-and-data">
            <Prose>
              <p>
                Your goals, tasks, reflections and conversations are stored on the server that runs
                your Trellis, and nowhere else. The built-in coach engine runs on that same server.
              </p>
              <p>
                If the server is set up to use OpenAI, Anthropic or another provider, the parts of a
                conversation needed for a reply are sent to that provider. Prompts never include
                another person's data.
              </p>
            </Prose>
            <Questions>
              <FaqItem question="Who can see my goals?">
                <p>
                  You. A human coach sees only what you choose to share with them, and you can
                  withdraw that access at any time. The admins of your server manage accounts and
                  keep the service running.
                </p>
              </FaqItem>
              <FaqItem question="Does Trellis track me or show ads?">
                <p>
                  No ads and no third-party trackers. The engagement analytics in the app come from
                  session events stored on the same server as the rest of your data.
                </p>
              </FaqItem>
              <FaqItem question="How is my account protected?">
                <p>
                  Passwords are stored only as strong one-way hashes (argon2id). Your sign-in
                  session is kept in your browser, so sign out when you use a shared computer.
                </p>
              </FaqItem>
              <FaqItem question="How do I have my account removed?">
                <p>
                  Delete it yourself: Settings, then Delete account, confirmed with your password
                  (or, without one, a code we email you). Everything of yours is removed and you are
                  signed out on every device. The admin of your Trellis server can remove it for you
                  too.
                </p>
              </FaqItem>
            </Questions>
          </HelpSection>

          <HelpSection id="common-questions">
            <Questions>
              <FaqItem question="Is Trellis free?">
                <p>
                  Running it yourself is free, with every feature. We also offer a hosted plan with
                  a free trial. See{' '}
                  <Link
                    to={paths.pricing}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    pricing
                  </Link>{' '}
                  for details.
                </p>
              </FaqItem>
              <FaqItem question="Do I need an OpenAI or Anthropic API key?">
                <p>
                  No. The built-in coach engine works offline. An API key, or a local model through
                  Ollama, LM Studio, vLLM or any other OpenAI-compatible endpoint, is optional.
                </p>
              </FaqItem>
              <FaqItem question="How is this different from a to-do app?">
                <p>
                  A to-do app keeps the list you write. Trellis starts from the goal, plans the
                  steps with you, picks the three that matter today and talks with you about how it
                  went.
                </p>
              </FaqItem>
              <FaqItem question="Can I install Trellis on my phone?">
                <p>
                  Yes. Open Trellis in your phone's browser and use “Add to Home Screen” or “Install
                  app”. It then opens like an app and can receive web push notifications.
                </p>
              </FaqItem>
              <FaqItem question="What happens if I miss a day?">
                <p>
                  Nothing breaks. Unfinished tasks stay open and are weighed again tomorrow. Your
                  coach can help you see what got in the way, in the tone you chose.
                </p>
              </FaqItem>
            </Questions>
          </HelpSection>
        </div>
      </div>
    </>
  );
}
