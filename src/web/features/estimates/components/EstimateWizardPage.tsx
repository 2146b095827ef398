// /estimates/create: the estimate wizard. The draft survives a
// reload (session storage); Back keeps what was entered; the live price panel shows from the grade step on.
// /estimates/create?category=..&task=..&region=.. (a cost guide's "Price your own job", decision 0047) opens it
// with those choices made, in a fresh draft; the address then drops its query, so a reload keeps the draft.
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatCents, formatWholeCents } from '#domain/format';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { ClipboardIcon, GridIcon, SparkIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useCreateEstimate } from '../api/create-estimate.ts';
import { useAutomotivePrice } from '../api/price-automotive.ts';
import { useWizardDraft } from '../hooks/useWizardDraft.ts';
import { LimitAlert, PlanUsageBanners, isLimitError } from './LimitAlert.tsx';
import { PricePanel } from './PricePanel.tsx';
import { refusal } from './useEstimateActions.tsx';
import {
  CategoryStep,
  GradeStep,
  MeasurementsStep,
  RegionStep,
  SubtasksStep,
  TaskStep,
  type StepProps,
} from './WizardSteps.tsx';
import {
  automotiveBody,
  canProceed,
  categoryName,
  isAutomotive,
  countedSteps,
  findWizardRegion,
  nextStep,
  preselectedDraft,
  previewPrice,
  previousStep,
  savePayload,
  selectedSubtasks,
  stepTitles,
  taskName,
  type WizardDraft,
} from './wizard-model.ts';

const SAVE_FAILED = 'Failed to save estimate. Please try again.';

const stepBodies: Partial<Record<WizardDraft['step'], (p: StepProps) => ReactNode>> = {
  category: CategoryStep,
  task: TaskStep,
  subtasks: SubtasksStep,
  grade: GradeStep,
  measurements: MeasurementsStep,
  region: RegionStep,
};

const withPanel = new Set<WizardDraft['step']>(['grade', 'measurements', 'region', 'final']);

export function EstimateWizardPage() {
  const search = useSearch();
  // Read once, on the first render: the choices of the address the wizard was opened at.
  const [preselected] = useState(() => preselectedDraft(search));
  const { draft, update, reset } = useWizardDraft(preselected);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (search) navigate(paths.createEstimate, { replace: true });
  }, [search, navigate]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step on screen, and the subtask the measurements step shows.
  const stepKey = draft.step === 'measurements' ? `measurements:${draft.measurementIndex}` : draft.step;
  const shownStep = useRef(stepKey);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  /** Which discard the dialog confirms: Cancel (back to the dashboard) or Start over (a fresh wizard). */
  const [discard, setDiscard] = useState<'cancel' | 'restart' | null>(null);

  const save = useCreateEstimate({
    onSuccess: () => {
      reset();
      toast({ title: 'Estimate saved successfully!', variant: 'success' });
      navigate(paths.savedEstimates);
    },
    onError: (err) => {
      if (isLimitError(err))
        setLimitMessage(parseApiError(err).message ?? 'You have reached your plan limit.');
      else toast({ title: 'Error', description: refusal(err, SAVE_FAILED), variant: 'destructive' });
    },
  });

  // When the step (or the measured subtask) changes, the focus goes to its heading, so a keyboard or screen
  // reader user goes on from the top of the new step rather than from where the pressed button was. Not on the
  // first render: the page's own focus handling has placed it there.
  useEffect(() => {
    if (shownStep.current === stepKey) return;
    shownStep.current = stepKey;
    const heading = headingRef.current;
    if (heading && document.activeElement !== heading) heading.focus();
  }, [stepKey]);

  if (draft.step === 'start' || draft.step === 'done') {
    return (
      <StartPage headingRef={headingRef} onStart={() => update((d) => nextStep({ ...d, step: 'start' }))} />
    );
  }

  const Body = stepBodies[draft.step];
  const index = countedSteps.indexOf(draft.step);
  const ok = canProceed(draft);
  const preview = withPanel.has(draft.step) ? previewPrice(draft) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ok) return;
    if (draft.step === 'final') {
      setLimitMessage(null);
      save.mutate(savePayload(draft));
      return;
    }
    update(nextStep);
  };

  const nextLabel = draft.step === 'region' ? 'Generate Estimate' : draft.step === 'final' ? 'Save' : 'Next';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
          Create an Estimate
        </p>
        <Button variant="ghost" size="sm" onClick={() => setDiscard('restart')}>
          Start over
        </Button>
      </div>
      <h1 className="sr-only">Create an Estimate</h1>
      <StepProgress current={index} />

      <div className={preview ? 'mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]' : 'mt-6'}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-title" className="min-w-0">
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-6">
            <h2
              id="wizard-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="mb-4 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none dark:text-white"
            >
              {stepTitles[draft.step]}
            </h2>
            {Body && <Body draft={draft} update={update} />}
            {draft.step === 'final' && <FinalSummary draft={draft} />}
            {limitMessage && draft.step === 'final' && (
              <LimitAlert className="mt-4" level="reached" message={limitMessage} />
            )}
          </div>

          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            {draft.step === 'final' ? (
              <Button variant="outline" onClick={() => setDiscard('cancel')}>
                Cancel
              </Button>
            ) : (
              <Button variant="outline" onClick={() => update(previousStep)}>
                Back
              </Button>
            )}
            <div className="flex gap-3">
              {draft.step === 'final' && (
                <Button variant="ghost" onClick={() => update(previousStep)}>
                  Back
                </Button>
              )}
              <Button type="submit" disabled={!ok || save.isPending}>
                {save.isPending ? 'Saving…' : nextLabel}
              </Button>
            </div>
          </div>
          {!ok && (
            <p className="mt-2 text-right text-sm text-slate-700 dark:text-slate-300">{missingHint(draft)}</p>
          )}
        </form>
        {preview && (
          <div className="lg:sticky lg:top-24 lg:self-start">
            <PricePanel preview={preview} />
          </div>
        )}
      </div>

      <Dialog open={discard !== null} onOpenChange={(o) => !o && setDiscard(null)}>
        <DialogContent
          title="Discard this estimate?"
          description="Everything you entered in the wizard will be cleared."
        >
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline">Keep editing</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                const then = discard;
                setDiscard(null);
                reset();
                if (then === 'cancel') navigate(paths.dashboard);
              }}
            >
              Discard
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function missingHint(d: WizardDraft): string {
  switch (d.step) {
    case 'category':
      return 'Choose a category to continue.';
    case 'task':
      return 'Choose a task to continue.';
    case 'subtasks':
      return 'Choose at least one subtask to continue.';
    case 'grade':
      return 'Choose a grade level to continue.';
    case 'measurements':
      return 'Enter every measurement to continue.';
    case 'region':
      return 'Choose a region to generate the estimate.';
    default:
      return '';
  }
}

function StepProgress({ current }: { current: number }) {
  return (
    <nav aria-label="Wizard progress" className="mt-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Step {current + 1} of {countedSteps.length}
      </p>
      <ol className="mt-2 flex gap-1" aria-hidden="true">
        {countedSteps.map((s, i) => (
          <li
            key={s}
            className={`h-1.5 flex-1 rounded-full ${i <= current ? 'bg-blue-700 dark:bg-blue-500' : 'bg-slate-200 dark:bg-slate-800'}`}
          />
        ))}
      </ol>
    </nav>
  );
}

function FinalSummary({ draft }: { draft: WizardDraft }) {
  const preview = previewPrice(draft);
  const automotive = isAutomotive(draft);
  const server = useAutomotivePrice(automotive ? automotiveBody(draft) : null);
  const region = findWizardRegion(draft.region);
  const rows: [string, string][] = [
    ['Task', `${taskName(draft)} (${categoryName(draft.category)})`],
    ['Grade level', draft.gradeLevel ?? ''],
    ['Region', region?.location ?? draft.region ?? ''],
    ['Number of subtasks', String(selectedSubtasks(draft).length)],
    ['Estimated total', formatCents(preview.finalCents)],
    ['Range', `${formatWholeCents(preview.minCents)} to ${formatWholeCents(preview.maxCents)}`],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-sm text-slate-700 dark:text-slate-300">{k}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{v}</dd>
          </div>
        ))}
      </dl>
      {automotive && (
        <Alert className="mt-4" variant="info" title="Automotive prices are national averages">
          {server.data
            ? `Our server priced it at ${formatCents(server.data.totalCents)}, the same as above. The region tells providers where the vehicle is; it does not change the price.`
            : server.isError
              ? 'The server check is unavailable right now; the price above uses the same calculation as the server.'
              : 'Checking the price with our server…'}
        </Alert>
      )}
    </>
  );
}

const infoCards = [
  {
    title: 'Select Category',
    text: 'Kitchen, bathroom, flooring and five more home-repair trades, or automotive.',
    icon: <GridIcon className="h-5 w-5" />,
  },
  {
    title: 'Pick Your Task',
    text: 'A remodel or a single job: each task offers the subtasks that belong to it.',
    icon: <ClipboardIcon className="h-5 w-5" />,
  },
  {
    title: 'Choose Subtasks',
    text: 'Measure each one and watch the price build up line by line, adjusted to your region.',
    icon: <SparkIcon className="h-5 w-5" />,
  },
];

function StartPage({ onStart, headingRef }: { onStart: () => void; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none dark:text-white"
      >
        Create an Estimate
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        Price a home-repair or car job in a few minutes. Every line shows its arithmetic and where the price
        comes from, so you know what a fair quote looks like before you talk to a pro.
      </p>
      <PlanUsageBanners which={['generated', 'saved']} className="mt-6" />
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {infoCards.map((c, i) => (
          <li
            key={c.title}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
              {c.icon}
            </span>
            <h2 className="mt-3 font-semibold text-slate-900 dark:text-white">
              <span className="sr-only">Step {i + 1}: </span>
              {c.title}
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{c.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button size="lg" onClick={onStart}>
          Start Estimate
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={paths.savedEstimates}>Saved Estimates</Link>
        </Button>
      </div>
      <Alert className="mt-8" variant="info">
        Your progress is kept while this tab is open, so you can step away and come back.
      </Alert>
    </div>
  );
}
