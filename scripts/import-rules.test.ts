import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import directions of the house rules (features ↛ app, features ↛ other features, diner ↮ staff, lib ↛ stores,
 * components ↛ stores or features, Drizzle only in repos and db/) are enforced by biome.json's noRestrictedImports
 * overrides. A pattern that matches nothing passes silently, so this runs Biome with the project's own configuration on probe files laid out like the project,
 * in a temporary folder (the project's files stay untouched), and reads which imports it refused.
 */
const root = join(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

const probes: Record<string, string> = {
  // Refused
  'apps/web/src/diner/menu/imports-app.tsx': "import { PageFallback } from '../../app/layout/page-fallback';",
  'apps/web/src/lib/imports-stores.ts': "import { useAppSelector } from '../stores/root-state';",
  'apps/web/src/lib/imports-feature.ts': "import { CartBar } from '../diner/menu/components/cart-bar';",
  'apps/web/src/components/ui/imports-stores.tsx': "import { MAX_QUANTITY } from '../../stores/cart-slice';",
  'apps/web/src/components/ui/imports-feature.tsx': "import { CartBar } from '../../diner/menu/components/cart-bar';",
  'apps/web/src/components/ui/imports-app.tsx': "import { App } from '../../app/app';",
  'apps/web/src/staff/redeem/routes/imports-app.tsx': "import { App } from '../../../app/app';",
  'apps/web/src/diner/ordering/imports-feature.ts': "import { CartBar } from '../menu/components/cart-bar';",
  'apps/web/src/diner/ordering/components/imports-feature.tsx':
    "import { CartBar } from '../../menu/components/cart-bar';",
  'apps/web/src/staff/board/hooks/imports-feature.ts':
    "import { RedeemSection } from '../../redeem/routes/redeem-section';",
  'apps/web/src/diner/shared/coupons/imports-feature.tsx': "import { CartBar } from '../../menu/components/cart-bar';",
  'apps/web/src/diner/menu/components/imports-staff.tsx':
    "import { StaffShell } from '../../../staff/board/components/staff-shell';",
  'apps/web/src/staff/board/components/imports-diner.tsx':
    "import { CartBar } from '../../../diner/menu/components/cart-bar';",
  'apps/web/src/staff/board/imports-diner.ts': "import { CartBar } from '../../diner/menu/components/cart-bar';",
  'apps/web/src/staff/imports-diner.tsx': "import { CartBar } from '../diner/menu/components/cart-bar';",
  'apps/web/src/diner/menu/routes/deep/imports-staff.tsx':
    "import { StaffShell } from '../../../../staff/board/components/staff-shell';",
  'apps/web/src/diner/menu/routes/deep/imports-feature.tsx':
    "import { CartLine } from '../../../cart/components/cart-line';",
  'apps/api/src/modules/orders/imports-drizzle.service.ts': "import { eq } from 'drizzle-orm';",
  'apps/api/src/plugins/imports-drizzle-subpath.ts': "import { pgTable } from 'drizzle-orm/pg-core';",
  // Allowed
  'apps/web/src/diner/menu/imports-shared-layers.tsx': [
    "import { PageFallback } from '../../components/ui/page-fallback';",
    "import { MAX_QUANTITY } from '../../lib/cart-lines';",
    "import { useAppSelector } from '../../stores/root-state';",
  ].join('\n'),
  'apps/web/src/app/imports-feature.tsx': "import { CartBar } from '../diner/menu/components/cart-bar';",
  'apps/web/src/app/imports-areas.tsx': [
    "import { CartBar } from '../diner/menu/components/cart-bar';",
    "import { StaffShell } from '../staff/board/components/staff-shell';",
  ].join('\n'),
  'apps/web/src/diner/cart/components/imports-own-and-shared.tsx': [
    "import { CartLine } from './cart-line';",
    "import { CartRoute } from '../routes/cart-route';",
    "import { CouponField } from '../../shared/coupons/coupon-field';",
    "import { FormField } from '../../../components/ui/form-field';",
    "import { useLanguage } from '../../../lib/use-language';",
    "import { paths } from '../../../config/paths';",
    "import { useAppSelector } from '../../../stores/root-state';",
    "import { formatSar } from '@sufra/shared/money';",
  ].join('\n'),
  'apps/web/src/diner/menu/imports-shared.ts': [
    "import { CouponField } from '../shared/coupons/coupon-field';",
    "import { MAX_QUANTITY } from '../../lib/cart-lines';",
  ].join('\n'),
  'apps/web/src/staff/board/components/imports-shared-layers.tsx': [
    "import { StaffSignIn } from './staff-sign-in';",
    "import { getStaffMe } from '../api/get-staff-me';",
    "import { staffRequest } from '../../../lib/staff-request';",
    "import { PageFallback } from '../../../components/ui/page-fallback';",
  ].join('\n'),
  'apps/web/src/diner/shared/cart/imports-shared.tsx': "import { CouponField } from '../coupons/coupon-field';",
  'apps/web/src/stores/imports-lib.ts': "import { MAX_QUANTITY } from '../lib/cart-lines';",
  'apps/web/src/lib/imports-lib.ts': "import { MAX_QUANTITY } from './cart-lines';",
  'apps/api/src/modules/orders/imports-drizzle.repo.ts': "import { eq } from 'drizzle-orm';",
  'apps/api/src/db/imports-drizzle.ts': "import { pgTable } from 'drizzle-orm/pg-core';",
  'apps/api/src/modules/orders/imports-drizzle.test.ts': "import { sql } from 'drizzle-orm';",
  // A cycle across two module folders (scripts/api-layers.ts checks the modules' graph; Biome checks the files')
  'apps/api/src/modules/ads/ads-cycle.service.ts': "import { games } from '../games/games-cycle.service.ts';",
  'apps/api/src/modules/games/games-cycle.service.ts': "import { ads } from '../ads/ads-cycle.service.ts';",
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let folder = '';
let refused: string[] = [];
let cycles: string[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'sufra-import-rules-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(folder, 'biome.json'), JSON.stringify(config));
  for (const [path, source] of Object.entries(probes)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    // Each import is used, so the only findings are about where it comes from.
    const names = [...source.matchAll(/import \{ (\w+) \}/g)].map((m) => m[1]);
    const name = /\/(\w+)-cycle\.service\.ts$/.exec(path)?.[1];
    const exported = name ? `export const ${name} = 1;\n` : '';
    writeFileSync(join(folder, path), `${source}\n\n${exported}export const used = [${names.join(', ')}];\n`);
  }
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--reporter=json', `--config-path=${folder}`, folder], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits non-zero when it finds errors, which is the point here.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: Diagnostic[] };
  cycles = report.diagnostics
    .filter((d) => d.category === 'lint/suspicious/noImportCycles')
    .map((d) => d.location.path.replaceAll('\\', '/'));
  refused = report.diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => d.location.path.replaceAll('\\', '/'));
}, 60_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('lint refuses imports against the direction of the layers', () => {
  it.each([
    ['a feature importing app/', 'apps/web/src/diner/menu/imports-app.tsx'],
    ['lib/ importing stores/', 'apps/web/src/lib/imports-stores.ts'],
    ['lib/ importing a feature', 'apps/web/src/lib/imports-feature.ts'],
    ['components/ importing stores/', 'apps/web/src/components/ui/imports-stores.tsx'],
    ['components/ importing a feature', 'apps/web/src/components/ui/imports-feature.tsx'],
    ['components/ importing app/', 'apps/web/src/components/ui/imports-app.tsx'],
    ['a staff feature importing app/', 'apps/web/src/staff/redeem/routes/imports-app.tsx'],
    ['a feature importing another (from its root)', 'apps/web/src/diner/ordering/imports-feature.ts'],
    ['a feature importing another (from a subfolder)', 'apps/web/src/diner/ordering/components/imports-feature.tsx'],
    ['a staff feature importing another', 'apps/web/src/staff/board/hooks/imports-feature.ts'],
    ['the diner shared folder importing a feature', 'apps/web/src/diner/shared/coupons/imports-feature.tsx'],
    ['a diner feature importing the staff area', 'apps/web/src/diner/menu/components/imports-staff.tsx'],
    ['a staff feature importing the diner area', 'apps/web/src/staff/board/components/imports-diner.tsx'],
    ['a staff feature root importing the diner area', 'apps/web/src/staff/board/imports-diner.ts'],
    ['the staff area root importing the diner area', 'apps/web/src/staff/imports-diner.tsx'],
    ['a deeper diner file importing the staff area', 'apps/web/src/diner/menu/routes/deep/imports-staff.tsx'],
    ['a deeper file importing another feature', 'apps/web/src/diner/menu/routes/deep/imports-feature.tsx'],
    ['a service importing Drizzle', 'apps/api/src/modules/orders/imports-drizzle.service.ts'],
    ['a plugin importing a Drizzle subpath', 'apps/api/src/plugins/imports-drizzle-subpath.ts'],
  ])('refuses %s', (_what, path) => {
    expect(refused).toContain(path);
  });

  it.each([
    ['a feature importing components/, lib/ and stores/', 'apps/web/src/diner/menu/imports-shared-layers.tsx'],
    ['app/ importing a feature', 'apps/web/src/app/imports-feature.tsx'],
    ['app/ importing both areas', 'apps/web/src/app/imports-areas.tsx'],
    [
      'a feature importing itself, the area shared folder, components/, lib/, config/, stores/ and shared',
      'apps/web/src/diner/cart/components/imports-own-and-shared.tsx',
    ],
    ['a feature root importing the area shared folder and lib/', 'apps/web/src/diner/menu/imports-shared.ts'],
    [
      'a staff feature importing itself, lib/ and components/',
      'apps/web/src/staff/board/components/imports-shared-layers.tsx',
    ],
    ['the diner shared folder importing itself', 'apps/web/src/diner/shared/cart/imports-shared.tsx'],
    ['stores/ importing lib/', 'apps/web/src/stores/imports-lib.ts'],
    ['lib/ importing lib/', 'apps/web/src/lib/imports-lib.ts'],
    ['a repo importing Drizzle', 'apps/api/src/modules/orders/imports-drizzle.repo.ts'],
    ['db/ importing Drizzle', 'apps/api/src/db/imports-drizzle.ts'],
    ['an API test importing Drizzle', 'apps/api/src/modules/orders/imports-drizzle.test.ts'],
  ])('allows %s', (_what, path) => {
    expect(refused).not.toContain(path);
  });
});

describe('lint refuses import cycles', () => {
  it('across two module folders of the API', () => {
    expect(cycles).toContain('apps/api/src/modules/ads/ads-cycle.service.ts');
    expect(cycles).toContain('apps/api/src/modules/games/games-cycle.service.ts');
  });
});
