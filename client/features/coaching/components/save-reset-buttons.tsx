import { RotateCcw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/**
 * Save (the form's submit) and Reset to default of a coach page; both wait while either is
 * pending (useSaveOrReset's `isPending`).
 */
export function SaveResetButtons({ pending, onReset }: { pending: boolean; onReset: () => void }) {
  return (
    <>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="outline" onClick={onReset} disabled={pending}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Reset to default
      </Button>
    </>
  );
}
