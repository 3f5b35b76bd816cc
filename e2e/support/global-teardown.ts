import { removeBuiltDataFolder } from './data-template.ts';

/** The run's built data folder goes when the run ends (the servers have their own copies, deleted with them). */
export default function globalTeardown(): void {
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) removeBuiltDataFolder(template);
}
