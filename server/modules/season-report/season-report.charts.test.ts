import { describe, expect, it } from 'vitest';
import type { ReportSectionTables } from '../../../src/shared/season-report-tables';
import { sharp } from '../../lib/image-work';
import { sectionChartPng, sectionChartSvg, xmlText } from './season-report.charts';

const num = (header: string) => ({ header, kind: 'number' as const });

/** the programme section as admins could name things: a module title and a region with markup and quotes */
const section: ReportSectionTables = {
  key: 'programme',
  title: 'Fortbildungen und Hospitationen',
  intro: '',
  tables: [
    {
      caption: 'Fortbildungen im KiTa-Jahr <2026/27> nach Modul',
      columns: [
        { header: 'Modul', kind: 'text' },
        ...['Termine', 'davon stattgefunden', 'abgesagt', 'Plätze', 'gebucht', 'teilgenommen', 'Warteliste'].map(num),
      ],
      rows: [
        ['Wasser & "Luft" <script>alert(1)</script>', 3, 1, 0, 36, 20, 8, 2],
        ['Forschen\u0007 im Garten', 2, 2, 1, 24, 24, 24, 0],
      ],
      total: ['Summe', 5, 3, 1, 60, 44, 32, 2],
    },
  ],
};

describe('season report charts for the XLSX (issue 22)', () => {
  it('given labels from admins, every one is escaped and characters XML cannot carry are dropped', () => {
    expect(xmlText(`a<b>&"c'\u0000d\uD800`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
    const { svg } = sectionChartSvg(section)!;
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Wasser &amp; &quot;Luft&quot; &lt;script&gt;');
    expect(svg).toContain('KiTa-Jahr &lt;2026/27&gt;');
    expect(svg).not.toContain('\u0007');
    // the drawn columns (gebucht … Warteliste) as the legend, their numbers at the bars' ends (German format)
    for (const legend of ['>gebucht<', '>teilgenommen<', '>Warteliste<']) expect(svg).toContain(legend);
    expect(svg).toContain('>36<');
  });

  it('given a section, sharp renders it to a PNG at twice its size; a section without charted rows has no image', async () => {
    const chart = (await sectionChartPng(section))!;
    const meta = await sharp(chart.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: chart.width * 2, height: chart.height * 2 });
    expect(await sectionChartPng({ ...section, tables: [{ ...section.tables[0]!, rows: [] }] })).toBeNull();
    expect(sectionChartSvg({ ...section, tables: [] })).toBeNull();
  });
});
