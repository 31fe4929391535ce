// A form's foot: Cancel (which discards on purpose: no question) and the submit button, side by
// side, the submit saying 'Saving...' while it waits.
import { Button } from './ui/button';

export function FormButtons({
  submitLabel,
  saving,
  onCancel,
}: {
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2 pt-2">
      <Button variant="secondary" className="flex-1" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving} className="flex-1">
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
