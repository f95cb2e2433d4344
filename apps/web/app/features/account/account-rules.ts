/** Access levels, highest first (spec §5): the header's badge is the first one the citizen has. */
export const ACCESS_LEVELS = ['opala', 'ouro', 'prata', 'bronze'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ACCESS_LEVEL_LABEL: Record<AccessLevel, string> = { opala: 'Opala', ouro: 'Ouro', prata: 'Prata', bronze: 'Bronze' };

/** First and last word of the name (spec §2): 'Maria da Conceição Silva' → 'Maria Silva'. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  return `${words[0]} ${words[words.length - 1]}`;
}

/** The first of opala, ouro, prata, bronze found among the roles (case-insensitive), or null. */
export function highestLevel(roles: readonly string[]): AccessLevel | null {
  const held = new Set(roles.map((role) => role.trim().toLowerCase()));
  return ACCESS_LEVELS.find((level) => held.has(level)) ?? null;
}
