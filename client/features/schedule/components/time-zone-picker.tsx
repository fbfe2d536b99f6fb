import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '#client/lib/cn.ts';
import { searchZones, zoneLabel, zoneOffset } from '../zones.ts';

/** How many matches the list shows at once; typing narrows it. */
const SHOWN = 60;

interface TimeZonePickerProps {
  /** The input's id, for its <Label htmlFor>. */
  id: string;
  value: string;
  onChange: (timeZone: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Marks the input as the place to focus when this field has a problem. */
  field?: string;
}

/**
 * A searchable list of IANA zones (ARIA combobox): type part of a city, region or offset, move
 * with the arrow keys, Enter or a tap chooses. Enter with the list closed submits the form.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  field,
}: TimeZonePickerProps) {
  const listId = useId();
  // null while the input shows the chosen zone rather than a search.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => searchZones(query ?? '', value), [query, value]);
  const shown = matches.slice(0, SHOWN);
  const activeZone = open ? shown[active] : undefined;

  const openList = () => {
    if (open) return;
    const at = query === null ? matches.findIndex((zone) => zone.id === value) : 0;
    setActive(Math.max(0, Math.min(at, SHOWN - 1)));
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setQuery(null);
  };

  const choose = (zone: string) => {
    onChange(zone);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((at) => Math.min(at + 1, shown.length - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((at) => Math.max(at - 1, 0));
        return;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : shown.length - 1);
        return;
      case 'Enter':
        if (open && activeZone) {
          // Choosing a zone is not submitting the form.
          event.preventDefault();
          choose(activeZone.id);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      default:
        return;
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeZone ? `${listId}-${active}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        data-field={field}
        autoComplete="off"
        spellCheck={false}
        value={query ?? zoneLabel(value)}
        onFocus={(event) => event.target.select()}
        onClick={openList}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={cn(
          'block h-11 w-full rounded-lg border border-input bg-card pr-24 pl-3 text-base text-foreground shadow-xs transition sm:text-sm',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          'aria-invalid:border-danger',
        )}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 flex -translate-y-1/2 items-center gap-1.5 text-xs text-muted-foreground"
      >
        {query === null && <span className="tabular-nums">{zoneOffset(value)}</span>}
        <ChevronsUpDown className="size-4" />
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border bg-card p-1 shadow-lg"
      >
        {shown.map((zone, index) => (
          <li
            key={zone.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the input, so the list does not close before the choice lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(zone.id)}
            onMouseMove={() => setActive(index)}
            ref={(node) => {
              if (node && index === active && open) node.scrollIntoView?.({ block: 'nearest' });
            }}
            className={cn(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm',
              index === active && 'bg-muted',
            )}
          >
            <Check
              aria-hidden="true"
              className={cn('size-4 shrink-0 text-primary', zone.id !== value && 'invisible')}
            />
            <span className="min-w-0 flex-1 truncate">{zone.label}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {zone.offset}
            </span>
          </li>
        ))}
        {shown.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">
            No zone matches “{query}”.
          </li>
        )}
        {matches.length > SHOWN && (
          <li role="presentation" className="px-3 py-2 text-xs text-muted-foreground">
            {matches.length - SHOWN} more: keep typing to narrow the list.
          </li>
        )}
      </ul>
    </div>
  );
}
