// What both rich-text editors draw (rich-text-editor.tsx's preview before Tiptap loads,
// and rich-text-editor-tiptap.tsx): the frame, the toolbar of SPEC §2, their props and
// the typography of stored rich text. Apart from both, so that the lazily loaded Tiptap
// editor and the module that loads it do not import each other.
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
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
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
