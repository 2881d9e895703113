import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// How the e2e suite reads the admin exports back as a person's spreadsheet would: LibreOffice (Debian's package).

/** LibreOffice headless (Debian's package) turns a file into UTF-8, comma-separated CSV, cells as shown. */
export function libreOfficeToCsv(file: string, outDir: string, inFilter?: string): string[][] {
  const profile = `file://${join(outDir, 'lo-profile')}`;
  const args = [`-env:UserInstallation=${profile}`, '--headless', ...(inFilter ? [`--infilter=${inFilter}`] : [])];
  args.push('--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true', '--outdir', join(outDir, 'lo'), file);
  execFileSync('libreoffice', args, { timeout: 90_000, stdio: 'pipe' });
  const name = file
    .split('/')
    .pop()!
    .replace(/\.(xlsx|csv)$/, '.csv');
  return parseCsv(readFileSync(join(outDir, 'lo', name), 'utf8'));
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((c) => c !== ''));
}

/**
 * Every sheet of a workbook through LibreOffice (its CSV filter's 12th token -1: one file per sheet, named
 * `<file>-<sheet>.csv`), in the workbook's order: sheet name → rows, cells as shown.
 */
export function libreOfficeSheetsToCsv(file: string, outDir: string, sheetNames: string[]): Map<string, string[][]> {
  const profile = `file://${join(outDir, 'lo-profile')}`;
  const args = [`-env:UserInstallation=${profile}`, '--headless'];
  args.push('--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1', '--outdir', join(outDir, 'lo'), file);
  execFileSync('libreoffice', args, { timeout: 90_000, stdio: 'pipe' });
  const base = file
    .split('/')
    .pop()!
    .replace(/\.xlsx$/, '');
  return new Map(sheetNames.map((name) => [name, parseCsv(readFileSync(join(outDir, 'lo', `${base}-${name}.csv`), 'utf8'))]));
}
