import { removeBuiltData } from './data-template.ts';

/** The run's built data goes when the run ends (each server's own copy goes with it). */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) await removeBuiltData(template);
}
