// A locator drawn here, not a map from a tile server: the state's outline (simplified) and a pin.
// Points are [longitude, latitude]; the page links to the unit's map for directions.
const OUTLINE: [number, number][] = [
  [-42.2, -2.75], [-41.3, -2.9], [-41.0, -3.6], [-40.9, -4.8], [-40.6, -5.6], [-40.9, -6.8], [-40.4, -7.6],
  [-40.6, -8.4], [-41.0, -8.9], [-42.0, -9.3], [-42.9, -9.5], [-43.4, -10.3], [-44.2, -10.9], [-45.5, -10.5],
  [-45.9, -10.0], [-45.6, -9.3], [-45.0, -8.6], [-44.4, -7.6], [-43.8, -6.9], [-43.1, -6.3], [-42.9, -5.5],
  [-42.8, -5.0], [-42.6, -4.1], [-42.4, -3.4],
];
const WEST = -46.2;
const NORTH = -2.5;
const SCALE = 20;
const project = (lon: number, lat: number) => [(lon - WEST) * SCALE, (NORTH - lat) * SCALE] as const;
const outlinePath = `M${OUTLINE.map(([lon, lat]) => project(lon, lat).map((n) => n.toFixed(1)).join(' ')).join(' L')} Z`;

export function UnitMap({ name, latitude, longitude, city }: { name: string; latitude: number | null; longitude: number | null; city: string }) {
  const pin = latitude != null && longitude != null ? project(longitude, latitude) : null;
  return (
    <svg viewBox="0 0 120 180" className="unit-map" width="120" height="180" role="img" aria-labelledby={undefined}>
      <title>{pin ? `Localização de ${name} no mapa do Piauí (${city})` : `Mapa do Piauí: localização de ${name} não informada`}</title>
      <path d={outlinePath} fill="#e6eef8" stroke="#034ea2" strokeWidth="1.5" />
      {pin ? (
        <g transform={`translate(${pin[0].toFixed(1)} ${pin[1].toFixed(1)})`}>
          <path d="M0 0 C-6 -8 -7 -11 -7 -14 A7 7 0 1 1 7 -14 C7 -11 6 -8 0 0 Z" fill="#b3261e" stroke="#fff" strokeWidth="1.2" />
          <circle cy="-14" r="2.6" fill="#fff" />
        </g>
      ) : null}
    </svg>
  );
}
