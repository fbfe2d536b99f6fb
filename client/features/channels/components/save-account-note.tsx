import { MailPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

/**
 * In place of the email and SMS cards for someone trying Trellis without an account (ADR 021):
 * the server refuses those channels until the account is saved, so they are not offered at all;
 * this says when they come and where to save the account.
 */
export function SaveAccountNote({ headingLevel: Heading }: { headingLevel: 'h3' | 'h4' }) {
  return (
    <section
      aria-labelledby="channel-save-account-heading"
      className="rounded-xl border border-dashed bg-card p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-4.5">
          <MailPlus aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <Heading id="channel-save-account-heading" className="font-semibold">
            Email and text messages
          </Heading>
          <p className="mt-1 text-sm text-muted-foreground">
            Email and text messages arrive once you save your account. Until then your top three
            reach you by push and here in the app.
          </p>
          <Link to={paths.saveAccount} className={buttonClasses('outline', 'sm', 'mt-3')}>
            Save your account
          </Link>
        </div>
      </div>
    </section>
  );
}
