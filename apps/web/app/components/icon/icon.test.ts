import { demoCatalog } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { LUCIDE_FOR_FONT_AWESOME } from './font-awesome.ts';
import { ICONS } from './icon-map.ts';

// Issue 14: services name their icon as the live catalog and the state's app do (Font Awesome, 'fa-…'); the
// web draws its own lucide icon for each. A name without a pair falls back to the default icon, which is how
// 45 of the catalog's services once showed the same generic page icon.
describe('service icons', () => {
  it('every service of the catalog names a Font Awesome icon the web draws with an icon of its own', async () => {
    const { services } = await demoCatalog();
    const problems = services.flatMap((s) => {
      if (!/^fa-[a-z0-9-]+$/.test(s.icon)) return [`${s.slug}: '${s.icon}' is not a Font Awesome name`];
      const lucide = LUCIDE_FOR_FONT_AWESOME[s.icon];
      return lucide && ICONS[lucide] ? [] : [`${s.slug}: '${s.icon}' has no icon`];
    });
    expect(problems).toEqual([]);
  });

  it('pairs each Font Awesome name with a different drawing, so services keep telling themselves apart', () => {
    const drawings = Object.values(LUCIDE_FOR_FONT_AWESOME);
    expect(new Set(drawings).size).toBe(drawings.length);
    for (const lucide of drawings) expect(ICONS[lucide], lucide).toBeDefined();
  });
});
