// /scan, 'Scan Tag' (issue 30): a keyboard-wedge reader types a tag or Electronic ID into the field
// and presses Enter, or 'Use camera' reads a barcode; the animal's page opens. The herd on the
// device is asked first (it works with no signal), then the server. A code no animal has offers
// 'Add Animal' with the tag filled in. The camera and its barcode reader are separate chunks,
// loaded only when the camera opens (decision 0046).
import { useQuery } from '@tanstack/react-query';
import { Camera, ScanBarcode } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { animalIdOfLabelLink, labelPath } from '../../../../shared/animals/label-code';
import { Loading } from '../../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useCan } from '../../../lib/farm';
import { animalSearchQuery } from '../api/animals';
import { findByTag, matchTagOnDevice } from '../api/tags';

const CameraScanner = lazy(() => import('./camera-scanner'));

/** A code that is a link to one of our own animal pages (a label's QR code): its animal's id. */
function animalOfLink(code: string): string | undefined {
  try {
    const url = new URL(code);
    if (url.origin !== window.location.origin) return undefined;
    return /^\/animal\/([0-9a-f-]{36})$/i.exec(url.pathname)?.[1];
  } catch {
    return undefined;
  }
}

export default function ScanTagPage() {
  const [, navigate] = useLocation();
  // the whole herd as My Animals keeps it on the device (persisted): scanning works with no signal
  const herd = useQuery(animalSearchQuery({}));
  const canAdd = useCan('member');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  // a wedge reader types where the focus is: the field is ready for it
  useEffect(() => field.current?.focus(), []);

  async function open(raw: string) {
    const text = raw.trim();
    setMissing(null);
    setProblem(null);
    if (!text) {
      setProblem('Type or scan a tag');
      return;
    }
    const linked = animalOfLink(text);
    if (linked) {
      navigate(`/animal/${linked}`);
      return;
    }
    // a printed label (decision 0047): its page finds the animal, or says it is not of this farm
    const labelled = animalIdOfLabelLink(text);
    if (labelled) {
      navigate(labelPath(labelled));
      return;
    }
    const onDevice = herd.data ? matchTagOnDevice(herd.data, text) : undefined;
    if (onDevice) {
      navigate(`/animal/${onDevice.id}`);
      return;
    }
    setBusy(true);
    try {
      const found = await findByTag(text);
      navigate(`/animal/${found.id}`);
    } catch (error) {
      // 404: no animal of the farm; no signal: none among those on the device
      if (error instanceof ApiError && (error.status === 404 || error.status === 0)) setMissing(text);
      else if (error instanceof ApiError && error.fields?.code) setProblem(error.fields.code.join(' '));
      else setProblem(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void open(code);
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <TextField
          ref={field}
          label="Tag or electronic ID"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={100}
          hint="A tag reader types here by itself; or type the tag and press Enter."
          error={problem ?? undefined}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setMissing(null);
            setProblem(null);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            <ScanBarcode aria-hidden className="size-4" />
            {busy ? 'Finding...' : 'Find Animal'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setCameraProblem(null);
              setCamera(true);
            }}
          >
            <Camera aria-hidden className="size-4" />
            Use camera
          </Button>
        </div>
        {cameraProblem && (
          <p role="alert" className="text-sm text-red-700">
            {cameraProblem}
          </p>
        )}
      </form>

      {missing !== null && (
        <section
          aria-live="polite"
          className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 text-center shadow-sm"
        >
          <p className="font-medium">No animal has this tag.</p>
          <p className="text-sm [overflow-wrap:anywhere] text-stone-700">{missing}</p>
          {canAdd && (
            <Link
              href={`/add-animal?${new URLSearchParams({ tag: missing }).toString()}`}
              className={`${buttonBase} ${buttonClasses.primary}`}
            >
              Add Animal
            </Link>
          )}
        </section>
      )}

      {camera && (
        <Suspense fallback={<Loading place="tight">Opening the camera...</Loading>}>
          <CameraScanner
            onCode={(read) => {
              setCamera(false);
              setCode(read);
              void open(read);
            }}
            onProblem={(message) => {
              setCamera(false);
              setCameraProblem(message);
              field.current?.focus();
            }}
            onClose={() => {
              setCamera(false);
              field.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
