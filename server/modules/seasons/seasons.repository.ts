import { eq } from 'drizzle-orm';
import type { Season } from '../../../src/shared/contracts/season';
import type { DbOrTx } from '../../db/client';
import { seasons, type SeasonRow } from './seasons.table';

export function toSeasonDto(row: SeasonRow): Season {
  return {
    id: row.id,
    identifier: row.identifier,
    label: row.label,
    start_date: row.startDate,
    end_date: row.endDate,
    enrolment_state: row.enrolmentState,
    enrolment_deadline: row.enrolmentDeadline,
    allow_documentation: row.allowDocumentation,
    documentation_deadline: row.documentationDeadline,
    is_current: row.isCurrent,
  };
}

export function seasonsRepository({ db }: { db: DbOrTx }) {
  return {
    async current(): Promise<SeasonRow | null> {
      const rows = await db.select().from(seasons).where(eq(seasons.isCurrent, true)).limit(1);
      return rows[0] ?? null;
    },
    async byId(id: number): Promise<SeasonRow | null> {
      const rows = await db.select().from(seasons).where(eq(seasons.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}
