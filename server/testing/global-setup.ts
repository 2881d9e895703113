import type { TestProject } from 'vitest/node';
import { createTestDbTemplate, type TestDbTemplate } from './test-db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate;
  }
}

/** Migrates one template database per vitest run; test files copy it (server/testing/test-db.ts). */
export default async function setup(project: TestProject) {
  const { template, remove } = await createTestDbTemplate(process.env.DATABASE_URL);
  project.provide('testDbTemplate', template);
  return remove;
}
