import type { ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';

/** One titled block of the settings page. */
export function SettingsCard({
  id,
  title,
  description,
  headingLevel = 'h3',
  children,
}: {
  id?: string;
  /** h3 inside the page's Account section; h2 for a section of its own. */
  headingLevel?: 'h2' | 'h3';
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle as={headingLevel} id={headingId} className="text-lg">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
