import { Download, FileText, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { WAITS_FOR_A_DOWNLOAD } from '../../lib/deferred-hydration.ts';
import { periodInWords } from './payslip-rules.ts';
import type { PayslipItem } from './payslips.server.ts';
import styles from './payslips.module.css';

export const PAYSLIP_PATH = (id: number) => `/app/minha-area/contracheques/${id}`;

/** Saves a blob under a name (the browser's download). */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DownloadButton({ slip }: { slip: PayslipItem }) {
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    setFailed(false);
    try {
      const response = await fetch(PAYSLIP_PATH(slip.id), { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      save(await response.blob(), slip.fileName);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  const label = `Baixar contracheque de ${periodInWords(slip.periodo)}, vínculo ${slip.siglaUrl}`;
  return (
    // Without JavaScript the form simply opens the file, which the browser downloads. While downloading the button is
    // aria-disabled, not disabled: a disabled button drops the keyboard's focus (onSubmit ignores a second press).
    // Pressed before the scripts have come, it waits for them (WAITS_FOR_A_DOWNLOAD), so the press is shown busy too.
    <form method="get" action={PAYSLIP_PATH(slip.id)} onSubmit={onSubmit} className={styles.form} {...WAITS_FOR_A_DOWNLOAD}>
      <button type="submit" className={styles.download} aria-disabled={downloading || undefined} aria-label={downloading ? `Baixando contracheque de ${periodInWords(slip.periodo)}` : label} data-testid="payslip-download">
        {downloading ? <LoaderCircle size={18} className="spin" aria-hidden="true" /> : <Download size={18} aria-hidden="true" />}
        <span aria-hidden="true">{downloading ? 'Baixando…' : 'Baixar'}</span>
      </button>
      {failed ? (
        <span className={styles.error} role="alert">
          Não foi possível baixar. Tente novamente.
        </span>
      ) : null}
    </form>
  );
}

/** 'Meu Contracheque' (spec §2): the latest pay slips in a fixed-height scrolling list. */
export function PayslipsWidget({ payslips }: { payslips: PayslipItem[] }) {
  return (
    <section className={styles.widget} aria-labelledby="meu-contracheque" data-testid="payslips-widget">
      <h2 id="meu-contracheque" className={styles.title}>
        <FileText size={22} aria-hidden="true" /> Meu Contracheque
      </h2>
      {payslips.length ? (
        // A scrolling region must be reachable by keyboard.
        <div className={styles.scroller} tabIndex={0} role="region" aria-label="Últimos contracheques">
          <ul className={styles.list}>
            {payslips.map((slip) => (
              <li key={slip.id} className={styles.item} data-testid="payslip">
                <span className={styles.period}>
                  <strong>{slip.periodo}</strong>
                  <span className={styles.bond}>Vínculo: {slip.siglaUrl}</span>
                </span>
                <DownloadButton slip={slip} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.empty}>Nenhum contracheque disponível.</p>
      )}
    </section>
  );
}
