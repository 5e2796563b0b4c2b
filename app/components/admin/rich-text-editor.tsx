// The back office's rich-text editor (SPEC §2): Tiptap with exactly the toolbar of
// the spec. Its HTML travels in a hidden input, so it submits with a normal form.
// Imported only by admin routes, so Tiptap never reaches the public bundles. Tiptap
// itself (rich-text-editor-tiptap.tsx) is loaded in the browser after hydration only:
// the server renders the toolbar, disabled, and the stored HTML as a preview, and never
// loads Tiptap/ProseMirror (they were evaluated on the first request of any page, public
// ones included, when the server bundle imported them: bench/RESULTS.md).
// The server sanitises what it receives with the same allow-list (app/.server/content/sanitize.ts).
import type { Editor } from '@tiptap/react';
import {
  AlignCenterIcon,
  AlignJustifyIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  HighlighterIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  PaletteIcon,
  RemoveFormattingIcon,
  StrikethroughIcon,
  UnderlineIcon,
} from 'lucide-react';
import { useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorList } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';

/** SPEC §2: links only with http, https, mailto, tel. */
export const ALLOWED_LINK = /^(?:https?:\/\/|mailto:|tel:)/i;

/** Typography for stored rich text (also usable by whoever displays it). */
export const RICH_TEXT_CLASSES =
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_img]:max-w-full';

export interface RichTextEditorProps {
  /** Form field name of the hidden input. */
  name: string;
  defaultValue?: string;
  /** id of the visible label: the editing area is a textbox named by it. */
  labelId: string;
  /** id of an error message, when there is one. */
  errorId?: string;
  invalid?: boolean;
  className?: string;
}

/** What the toolbar shows as pressed (from the editor's selection). */
export interface ToolbarState {
  h1: boolean;
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  orderedList: boolean;
  bulletList: boolean;
  link: boolean;
  left: boolean;
  center: boolean;
  right: boolean;
  justify: boolean;
  color: string;
  background: string;
}

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

/** The bordered box around toolbar and text. */
export function EditorFrame({ invalid, className, children }: { invalid?: boolean; className?: string; children: ReactNode }) {
  return (
    <div
      data-slot="rich-text-editor"
      className={cn(
        'rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        invalid && 'border-destructive',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The toolbar of SPEC §2; disabled until the editor is loaded (`editor` null). */
export function Toolbar({ editor, state, onLink }: { editor: Editor | null; state: ToolbarState | null; onLink: () => void }) {
  const disabled = !editor;
  const chain = () => editor!.chain().focus();

  const toggle = (label: string, icon: ReactNode, active: boolean | undefined, run: () => void) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 aria-pressed:bg-accent"
      aria-label={label}
      title={label}
      aria-pressed={!!active}
      disabled={disabled}
      onClick={run}
    >
      {icon}
    </Button>
  );

  return (
    <div role="toolbar" aria-label="Mise en forme" className="flex flex-wrap items-center gap-0.5 border-b p-1">
      {toggle('Titre 1', <Heading1Icon aria-hidden="true" />, state?.h1, () => chain().toggleHeading({ level: 1 }).run())}
      {toggle('Titre 2', <Heading2Icon aria-hidden="true" />, state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {toggle('Titre 3', <Heading3Icon aria-hidden="true" />, state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
      <Divider />
      {toggle('Gras', <BoldIcon aria-hidden="true" />, state?.bold, () => chain().toggleBold().run())}
      {toggle('Italique', <ItalicIcon aria-hidden="true" />, state?.italic, () => chain().toggleItalic().run())}
      {toggle('Souligné', <UnderlineIcon aria-hidden="true" />, state?.underline, () => chain().toggleUnderline().run())}
      {toggle('Barré', <StrikethroughIcon aria-hidden="true" />, state?.strike, () => chain().toggleStrike().run())}
      <Divider />
      {toggle('Liste numérotée', <ListOrderedIcon aria-hidden="true" />, state?.orderedList, () => chain().toggleOrderedList().run())}
      {toggle('Liste à puces', <ListIcon aria-hidden="true" />, state?.bulletList, () => chain().toggleBulletList().run())}
      <Divider />
      <ColorPicker
        label="Couleur du texte"
        icon={<PaletteIcon aria-hidden="true" className="size-4" />}
        value={state?.color ?? '#000000'}
        disabled={disabled}
        onChange={(color) => chain().setColor(color).run()}
      />
      <ColorPicker
        label="Couleur de fond"
        icon={<HighlighterIcon aria-hidden="true" className="size-4" />}
        value={state?.background ?? '#ffff00'}
        disabled={disabled}
        onChange={(color) => chain().setBackgroundColor(color).run()}
      />
      <Divider />
      {toggle('Aligner à gauche', <AlignLeftIcon aria-hidden="true" />, state?.left, () => chain().setTextAlign('left').run())}
      {toggle('Centrer', <AlignCenterIcon aria-hidden="true" />, state?.center, () => chain().setTextAlign('center').run())}
      {toggle('Aligner à droite', <AlignRightIcon aria-hidden="true" />, state?.right, () => chain().setTextAlign('right').run())}
      {toggle('Justifier', <AlignJustifyIcon aria-hidden="true" />, state?.justify, () => chain().setTextAlign('justify').run())}
      <Divider />
      {toggle('Lien', <LinkIcon aria-hidden="true" />, state?.link, onLink)}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label="Effacer la mise en forme"
        title="Effacer la mise en forme"
        disabled={disabled}
        onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}
      >
        <RemoveFormattingIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

function Divider() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />;
}

function ColorPicker({
  label,
  icon,
  value,
  disabled,
  onChange,
}: {
  label: string;
  icon: ReactNode;
  value: string;
  disabled: boolean;
  onChange: (color: string) => void;
}) {
  return (
    <label
      title={label}
      className="relative inline-flex size-8 cursor-pointer items-center justify-center rounded-md hover:bg-accent has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
    >
      {icon}
      <span aria-hidden="true" className="absolute right-1 bottom-1 left-1 h-0.5 rounded" style={{ backgroundColor: value }} />
      <input
        type="color"
        aria-label={label}
        disabled={disabled}
        value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </label>
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
