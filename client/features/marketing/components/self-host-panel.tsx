import { Check } from 'lucide-react';

const points = [
  'Embedded PostgreSQL (PGlite) by default, or your own PostgreSQL server',
  'A built-in coach engine that works offline and needs no API key',
  'Optional OpenAI, Anthropic or any OpenAI-compatible endpoint, such as Ollama, LM Studio or vLLM',
  'Your goals, reflections and conversations stay on your server',
];

/** The two commands and what they give you, shown wherever self-hosting is the point. */
export function SelfHostPanel() {
  return (
    <div className="grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
      <div className="min-w-0 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
        <p className="text-sm font-medium text-muted-foreground">
          In a terminal, from the project folder
        </p>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-muted p-4 font-mono text-sm leading-7">
          <code>
            <span aria-hidden="true" className="text-muted-foreground select-none">
              ${' '}
            </span>
            npm install
            {'\n'}
            <span aria-hidden="true" className="text-muted-foreground select-none">
              ${' '}
            </span>
            npm start
          </code>
        </pre>
        <p className="mt-3 text-sm text-muted-foreground">
          Then open http://localhost:3000. No Docker, no external services.
        </p>
      </div>
      <ul className="space-y-4">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
              <Check aria-hidden="true" className="size-4" />
            </span>
            <span className="leading-relaxed">{point}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
