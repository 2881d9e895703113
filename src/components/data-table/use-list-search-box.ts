import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { asSearchText } from '../../shared/contracts/text';

/**
 * The search box above a list whose state lives in the URL: what is typed shows at once and is sent (trimmed,
 * '' as undefined) 300 ms after the last key; the URL wins when it changes from outside (back button, a shared link).
 * The URL's echo of what the box sent is not from outside: it arrives after the navigation, while the person may be
 * typing on (a pause of 300 ms sent "Sonn", "en" was typed before the address said q=Sonn), and taking it would drop
 * the keys typed since, and a trailing space the URL never holds.
 */
export function useListSearchBox(urlValue: string | undefined, send: (q: string | undefined) => void) {
  const [value, setValue] = useState(urlValue ?? '');
  const sent = useRef(urlValue);
  useEffect(() => {
    if (urlValue === sent.current) return;
    sent.current = urlValue;
    setValue(urlValue ?? '');
  }, [urlValue]);
  const sendLater = useDebouncedCallback((next: string) => {
    sent.current = next.trim() || undefined;
    send(sent.current);
  }, 300);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = asSearchText(event.currentTarget.value);
    setValue(next);
    sendLater(next);
  };
  return { value, onChange, clear: () => setValue('') };
}
