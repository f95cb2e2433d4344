import { Link } from 'react-router';

export interface Crumb {
  to: string;
  label: string;
}

/** Where the page sits: links to the pages above it, then the page itself (not a link). */
export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Trilha de navegação" className="breadcrumb">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
