// My Animals as 'Cards' or a 'Table': the table needs a laptop's width, so the choice shows from
// 1024 px only (below, always cards: the phone layout), and it is remembered on this device.
import { LayoutGrid, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';

export type AnimalsView = 'cards' | 'table';
const viewKey = 'paddock.animals.view';
const wideQuery = '(min-width: 1024px)';

function rememberedView(): AnimalsView {
  try {
    return window.localStorage.getItem(viewKey) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards'; // storage blocked: the default
  }
}

/** Whether the window is at least 1024 px wide, following resizes. */
function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(wideQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(wideQuery);
    const onChange = () => setWide(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/** The chosen view, the one shown (cards below 1024 px whatever was chosen), and the setter. */
export function useAnimalsView(): {
  chosen: AnimalsView;
  shown: AnimalsView;
  choose: (view: AnimalsView) => void;
} {
  const [chosen, setChosen] = useState(rememberedView);
  const wide = useWide();
  const choose = (view: AnimalsView) => {
    setChosen(view);
    try {
      window.localStorage.setItem(viewKey, view);
    } catch {
      // storage blocked: the choice lasts for this visit
    }
  };
  return { chosen, shown: wide ? chosen : 'cards', choose };
}

const viewOptions = [
  { value: 'cards', label: 'Cards', Icon: LayoutGrid },
  { value: 'table', label: 'Table', Icon: Table2 },
] as const;

/** 'Cards' | 'Table', shown from 1024 px. */
export function AnimalsViewToggle({
  view,
  onChange,
}: {
  view: AnimalsView;
  onChange: (view: AnimalsView) => void;
}) {
  return (
    <SegmentedToggle
      label="Show animals as"
      options={viewOptions}
      value={view}
      onChange={onChange}
      compact
      className="hidden lg:grid"
    />
  );
}
