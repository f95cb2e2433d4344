/** The portal's mark: the state's colours in a simple shape, drawn here (nothing is loaded from elsewhere). */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#034ea2" />
      <path d="M8 30 L20 8 L32 30 Z" fill="#f6b800" />
      <circle cx="20" cy="23" r="5" fill="#ffffff" />
    </svg>
  );
}
