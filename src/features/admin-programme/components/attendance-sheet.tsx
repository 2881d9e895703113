import type { AdminEnrolment } from '../../../shared/contracts/admin-programme';
import classes from './attendance-sheet.module.css';

type Props = { title: string; subtitle: string; rows: AdminEnrolment[] };

/** "Anwesenheitsliste drucken": the confirmed participants with a signature column, printed by the print stylesheet only */
export function AttendanceSheet({ title, subtitle, rows }: Props) {
  return (
    <div className={classes.sheet} data-testid="attendance-sheet">
      <h2>Anwesenheitsliste: {title}</h2>
      <p>{subtitle}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Nr.</th>
            <th scope="col">Name</th>
            <th scope="col">KiTa</th>
            <th scope="col">Unterschrift</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.id}>
              <td>{i + 1}</td>
              <td>
                {r.lastName}, {r.firstName}
              </td>
              <td>
                {r.facilityLabel}, {r.facilityCity}
              </td>
              <td className={classes.signature} />
            </tr>
          ))}
        </tbody>
      </table>
      <p>{rows.length} Teilnehmende</p>
    </div>
  );
}
