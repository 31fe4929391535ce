// The profile photo picker: checks type and size before anything is sent, previews the choice, and
// can mark the current photo for removal. Nothing is uploaded here; the form does that on save.
import { ImageOff, PawPrint } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { photoLimits } from '../../../../shared/schemas/animals';
import { Button } from '../../../components/ui/button';

export const photoAccept = photoLimits.types.join(',');
export const photoRuleMessage = 'Choose a JPEG, PNG, WebP or HEIC photo of 10 MB or less';

/** Some systems give HEIC files no MIME type, so the extension counts too. */
export function isAcceptablePhoto(file: File): boolean {
  const typeOk =
    photoLimits.types.includes(file.type) || (file.type === '' && /\.(heic|heif)$/i.test(file.name));
  return typeOk && file.size > 0 && file.size <= photoLimits.maxBytes;
}

export type PhotoChoice = { file: File | null; removeCurrent: boolean };

export function PhotoField({
  currentUrl,
  name,
  onChange,
}: {
  /** the saved photo (edit), or null */
  currentUrl: string | null;
  /** the animal's name, for the preview's alternative text */
  name: string;
  onChange: (choice: PhotoChoice) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [removeCurrent, setRemoveCurrent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  // The preview URL lives until another file replaces it or the form goes away.
  const chosenUrl = useRef<string | null>(null);
  useEffect(() => {
    const urls = chosenUrl;
    return () => {
      if (urls.current) URL.revokeObjectURL(urls.current);
    };
  }, []);

  const choose = (file: File | null) => {
    if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    const next = file ? { file, url: URL.createObjectURL(file) } : null;
    chosenUrl.current = next?.url ?? null;
    setChosen(next);
    onChange({ file, removeCurrent });
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return; // the picker was cancelled: keep what was chosen before
    if (!isAcceptablePhoto(file)) {
      setError(photoRuleMessage);
      event.target.value = '';
      return;
    }
    setError(null);
    choose(file);
  };

  const clearChoice = () => {
    choose(null);
    if (input.current) input.current.value = '';
  };

  const setRemoval = (remove: boolean) => {
    setRemoveCurrent(remove);
    onChange({ file: chosen?.file ?? null, removeCurrent: remove });
  };

  const previewUrl = chosen?.url ?? (currentUrl && !removeCurrent ? currentUrl : null);
  const hasPhoto = Boolean(chosen || (currentUrl && !removeCurrent));
  const describedBy = error ? `${id}-error` : `${id}-hint`;

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Profile Photo
      </label>
      <div className="flex items-start gap-3">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-stone-200 bg-stone-100 text-stone-500">
          {previewUrl && brokenUrl !== previewUrl ? (
            <img
              src={previewUrl}
              alt={name ? `Photo of ${name}` : 'Chosen photo'}
              className="size-full object-cover"
              onError={() => setBrokenUrl(previewUrl)}
            />
          ) : previewUrl ? (
            <span className="flex flex-col items-center gap-1 px-1 text-center text-xs">
              <ImageOff aria-hidden className="size-5" />
              No preview
            </span>
          ) : (
            <PawPrint aria-hidden className="size-8" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={photoAccept}
            onChange={onFileChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-900 hover:file:bg-stone-100"
          />
          {hasPhoto && (
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              onClick={() => (chosen ? clearChoice() : setRemoval(true))}
            >
              Remove photo
            </Button>
          )}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {chosen && brokenUrl === chosen.url
            ? 'This browser cannot preview the photo; it is converted when you save.'
            : currentUrl && removeCurrent
              ? 'The current photo will be removed when you save.'
              : 'JPEG, PNG, WebP or HEIC, up to 10 MB.'}
        </p>
      )}
      {currentUrl && removeCurrent && !chosen && (
        <Button variant="link" onClick={() => setRemoval(false)}>
          Keep current photo
        </Button>
      )}
    </div>
  );
}
