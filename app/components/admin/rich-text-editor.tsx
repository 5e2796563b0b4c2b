// The back office's rich-text editor (SPEC §2): Tiptap with exactly the toolbar of
// the spec. Its HTML travels in a hidden input, so it submits with a normal form.
// Imported only by admin routes, so Tiptap never reaches the public bundles. Tiptap
// itself (rich-text-editor-tiptap.tsx) is loaded in the browser after hydration only:
// the server renders the toolbar, disabled, and the stored HTML as a preview, and never
// loads Tiptap/ProseMirror (they were evaluated on the first request of any page, public
// ones included, when the server bundle imported them: bench/RESULTS.md).
// The server sanitises what it receives with the same allow-list (app/.server/content/sanitize.ts).
import { useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorList } from '~/components/forms';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';
import { EditorFrame, RICH_TEXT_CLASSES, Toolbar, type RichTextEditorProps } from './rich-text-toolbar';

type EditorComponent = ComponentType<RichTextEditorProps>;

/** Tiptap's module, loaded once in the browser and shared by every editor of the page. */
let tiptapEditor: Promise<EditorComponent> | undefined;
const loadTiptapEditor = () => (tiptapEditor ??= import('./rich-text-editor-tiptap').then((module) => module.default));

export function RichTextEditor(props: RichTextEditorProps) {
  // Not React.lazy + Suspense: while a boundary re-suspends, React keeps the old children
  // in the DOM (hidden) next to the fallback, so the preview's hidden input was submitted
  // twice and the field arrived as an array. Exactly one of preview and editor is mounted.
  const [Editor, setEditor] = useState<EditorComponent | null>(null);
  useEffect(() => {
    let mounted = true;
    loadTiptapEditor().then(
      (component) => mounted && setEditor(() => component),
      // The preview keeps the stored text and still submits it; a reload retries.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (Editor) return <Editor {...props} />;

  const { name, defaultValue = '', invalid, className } = props;
  return (
    <EditorFrame invalid={invalid} className={className}>
      <Toolbar editor={null} state={null} onLink={() => {}} />
      <div
        aria-hidden="true"
        className={cn('min-h-[120px] px-3 py-2 text-sm', RICH_TEXT_CLASSES)}
        // Stored HTML was sanitised on the server before it was saved.
        dangerouslySetInnerHTML={{ __html: defaultValue }}
      />
      <input type="hidden" name={name} value={defaultValue} />
    </EditorFrame>
  );
}

/**
 * A rich-text field of a Conform form: visible label, the editor, the field's errors,
 * with the editor's aria wiring done here like `Field` does for inputs.
 */
export function RichTextField({
  label,
  meta,
  defaultValue,
}: {
  label: ReactNode;
  meta: { name: string; errorId: string; errors?: string[] };
  defaultValue: string;
}) {
  const labelId = useId();
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className="space-y-2">
      <Label id={labelId} asChild>
        <span>{label}</span>
      </Label>
      <RichTextEditor name={meta.name} defaultValue={defaultValue} labelId={labelId} errorId={invalid ? meta.errorId : undefined} invalid={invalid} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
