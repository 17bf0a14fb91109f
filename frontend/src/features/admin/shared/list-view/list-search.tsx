import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input, Label } from '@/components/ui/field';
import { MIN_SEARCH_LENGTH, searchTerm } from './list-view';

/** How long the owner may pause between letters before the list is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box. The address holds the search (`value`); the box holds
 * what is being typed. A pause of 300 ms sends it: the first pause of a
 * search adds a history entry, later ones replace it, so Back returns to the
 * list before the search, not through every letter. Fewer than three
 * characters are not sent (the server would refuse them): a hint says so.
 * Enter or the clear button send at once.
 */
export function ListSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string, options: { replace: boolean }) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The search last sent, and the address's value last seen: a new address value
  // that is not the one sent came from Back or "Clear filters", and replaces the text.
  // (Compared with the value seen, not with the one sent, as the router may apply the
  // address a render after the box has sent it.)
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }
  // Whether this search already has its history entry (until the box loses focus).
  const typing = useRef(false);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  const term = searchTerm(text);
  const tooShort = text.trim().length > 0 && term === '';

  const send = (q: string, replace: boolean) => {
    setSent(q);
    onSearchRef.current(q, { replace });
  };

  useEffect(() => {
    if (term === sent || tooShort) return;
    const timer = window.setTimeout(() => {
      setSent(term);
      onSearchRef.current(term, { replace: typing.current });
      typing.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [term, sent, tooShort]);

  return (
    <form
      role="search"
      className="relative min-w-0"
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooShort && term !== sent) send(term, typing.current);
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/80" />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-describedby={tooShort ? `${id}-hint` : undefined}
          className="pl-10 pr-11 [&::-webkit-search-cancel-button]:hidden"
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            typing.current = false;
          }}
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear the search"
            className="absolute right-1.5 top-1/2 inline-flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center text-sand transition-colors hover:text-gold-light focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold-light"
            onClick={() => {
              setText('');
              if (sent) send('', false);
              typing.current = false;
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} aria-live="polite" className="mt-1.5 min-h-4 text-xs text-muted">
        {tooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters to search.` : ''}
      </p>
    </form>
  );
}
