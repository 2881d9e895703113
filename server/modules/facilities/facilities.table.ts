import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from '../users/users.table';

/** kind, region and operator kind are text checked against the lists in regions.ts by the services. */
export const facilities = pgTable('facilities', {
  id: id(),
  label: text('label').notNull(),
  kind: text('kind').notNull(),
  street: text('street').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull().default(''),
  region: text('region').notNull(),
  operatorName: text('operator_name').notNull().default(''),
  operatorKind: text('operator_kind').notNull().default('sonstige'),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  website: text('website').notNull().default(''),
  childrenCount: integer('children_count'),
  staffCount: integer('staff_count'),
  createdAt: createdAt(),
});

export const facilityMembers = pgTable(
  'facility_members',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.userId] })],
);

export type FacilityRow = typeof facilities.$inferSelect;
