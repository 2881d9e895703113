import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakCompounds } from './page-heading';

const html = (text: string) => render(<h1>{breakCompounds(text)}</h1>).container.innerHTML;

describe('breakCompounds', () => {
  it('puts a <wbr> after the joints of long German compounds and leaves the text as it is', () => {
    expect(html('Anmeldungen: Auszeichnungsveranstaltung Nord')).toBe('<h1>Anmeldungen: Auszeichnungs<wbr>veranstaltung Nord</h1>');
    expect(html('Dokumentationsbögen der Gemeinschaftsunterkunft')).toBe('<h1>Dokumentations<wbr>bögen der Gemeinschafts<wbr>unterkunft</h1>');
    expect(render(<h1>{breakCompounds('Auszeichnungsveranstaltungen')}</h1>).container.textContent).toBe('Auszeichnungsveranstaltungen');
  });

  it('leaves short words and words without a joint alone', () => {
    expect(html('Fortbildungen')).toBe('<h1>Fortbildungen</h1>');
    expect(html('Großtagespflege Kleine Entdecker')).toBe('<h1>Großtagespflege Kleine Entdecker</h1>');
  });
});
