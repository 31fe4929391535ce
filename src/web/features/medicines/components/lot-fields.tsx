// What a lot's label and invoice say, as 'Add Stock' and 'Edit lot' both ask it: lot number and
// expiry, supplier and price.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/field';

export type LotField = 'lotNumber' | 'expiresOn' | 'supplier' | 'price';

export function LotFields({
  field,
  autoFocus = false,
}: {
  /** a field's registration and its message: `(name) => ({ ...form.register(name), error })` */
  field: (name: LotField) => UseFormRegisterReturn<LotField> & { error?: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Lot number"
          autoComplete="off"
          maxLength={60}
          autoFocus={autoFocus}
          {...field('lotNumber')}
        />
        <TextField label="Expiry" type="date" {...field('expiresOn')} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Supplier" autoComplete="off" maxLength={100} {...field('supplier')} />
        <TextField
          label="Price (optional)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...field('price')}
        />
      </div>
    </>
  );
}
