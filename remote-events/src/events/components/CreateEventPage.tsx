import { useToast } from '@ummahnotify/client';
import { WRAPPING_BUTTON } from '@ummahnotify/client/section';
import { FORM_APPEAR_AFTER_PASTE_MS } from '@ummahnotify/core';
import { type AiEvent, aiEventToFields, buildEventPrompt, parseAiEventJson } from '@ummahnotify/domain';
import { Button, Card, Flex } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PosterStep } from '../../poster/components/PosterStep';
import { usePosterReader } from '../../poster/hooks';
import type { PosterReader } from '../../poster/reader';
import type { EventFormValues } from '../formValues';
import { EventForm } from './EventForm';
import { PromptStep } from './PromptStep';

interface OpenForm {
  key: number;
  initialValues?: Partial<EventFormValues>;
  aiSource?: AiEvent;
}

/**
 * /dashboard/events/create (docs/product/screens.md#events): poster -> text (in the browser) ->
 * prompt to copy -> pasted AI answer -> the pre-filled event form. The form can also be opened empty.
 */
export function CreateEventPage({ readerFactory }: { readerFactory?: () => Promise<PosterReader> }) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const ocr = usePosterReader(readerFactory);
  const [poster, setPoster] = useState<File>();
  const [extracting, setExtracting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [ocrText, setOcrText] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [pasteState, setPasteState] = useState<'empty' | 'invalid' | 'valid'>('empty');
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);
  const formTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => () => clearTimeout(formTimer.current), []);

  // The form appears below the steps: bring it into view at once (a smooth scroll would still be
  // moving the page under the admin's first click) and put the cursor in its first field.
  useEffect(() => {
    if (!openForm) return;
    formRef.current?.scrollIntoView?.({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('input#heading')?.focus({ preventScroll: true });
  }, [openForm]);

  const choosePoster = (file: File | undefined) => {
    setPoster(file);
    setOcrText(null);
    if (file) ocr.warmUp();
  };

  const extract = async () => {
    if (!poster) return;
    setExtracting(true);
    setProgress(null);
    try {
      const text = (await ocr.read(poster, setProgress)).trim();
      if (!text) {
        toast.error(t('ocr.noText'));
        return;
      }
      setOcrText(text);
    } catch (error) {
      console.error('Poster text recognition failed.', error);
      toast.error(t('ocr.failed'));
    } finally {
      setExtracting(false);
    }
  };

  const onPasted = useCallback(
    (text: string, byPaste: boolean) => {
      setPasted(text);
      clearTimeout(formTimer.current);
      if (!text.trim()) return setPasteState('empty');
      const result = parseAiEventJson(text);
      if (!result.ok) {
        setPasteState('invalid');
        if (byPaste) toast.error(t('paste.invalid'));
        return;
      }
      setPasteState('valid');
      formTimer.current = setTimeout(
        () => setOpenForm({ key: Date.now(), initialValues: aiEventToFields(result.value), aiSource: result.value }),
        FORM_APPEAR_AFTER_PASTE_MS,
      );
    },
    [t, toast],
  );

  const closeForm = () => {
    setOpenForm(null);
    setPoster(undefined);
    setOcrText(null);
    setPasted('');
    setPasteState('empty');
  };

  return (
    <Flex vertical gap={16}>
      <PosterStep
        poster={poster}
        onPoster={choosePoster}
        extracting={extracting}
        progress={progress}
        onExtract={extract}
      />
      {ocrText !== null && (
        <PromptStep
          ocrText={ocrText}
          prompt={buildEventPrompt(ocrText)}
          pasted={pasted}
          onPasted={onPasted}
          pasteState={pasteState}
        />
      )}
      {!openForm && (
        <div>
          <Button onClick={() => setOpenForm({ key: Date.now() })} style={WRAPPING_BUTTON}>
            {t('form.openEmpty')}
          </Button>
        </div>
      )}
      {openForm && (
        <div ref={formRef}>
          <Card title={t('form.title')}>
            <EventForm
              key={openForm.key}
              initialValues={openForm.initialValues}
              aiSource={openForm.aiSource}
              poster={poster}
              onClose={closeForm}
            />
          </Card>
        </div>
      )}
    </Flex>
  );
}
