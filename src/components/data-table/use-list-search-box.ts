import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState, type ChangeEvent } from 'react';

/**
 * The search box above a list whose state lives in the URL: what is typed shows at once and is sent (trimmed,
 * '' as undefined) 300 ms after the last key; the URL wins when it changes from outside (back button, a shared link).
 */
export function useListSearchBox(urlValue: string | undefined, send: (q: string | undefined) => void) {
  const [value, setValue] = useState(urlValue ?? '');
  useEffect(() => setValue(urlValue ?? ''), [urlValue]);
  const sendLater = useDebouncedCallback((next: string) => send(next.trim() || undefined), 300);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.currentTarget.value);
    sendLater(event.currentTarget.value);
  };
  return { value, onChange, clear: () => setValue('') };
}
