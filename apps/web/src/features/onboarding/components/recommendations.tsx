import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { FileTextIcon, GlobeIcon, Loader2Icon, SparklesIcon } from "lucide-react";
import { sampleContent } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { addSamples, useUploadState } from "@/features/upload";
import { errorMessage } from "@/lib/api";
import { loadSample, loadSampleManifest, sampleCollectionId } from "../api/samples";
import { samplesListed } from "../logic/first-run";

/**
 * Step 1's recommendations (spec 3 §2, §9): the sample memories shipped with Mnemo (three web pages
 * and one PDF), added into the sample collection through the real upload paths.
 */
export function Recommendations() {
  const manifest = useQuery({ queryKey: ["samples"], queryFn: ({ signal }) => loadSampleManifest(signal) });
  const [adding, setState] = useState<"idle" | "adding" | "added">("idle");
  // Added before a reload: the restored upload list holds them, so they are not offered twice.
  const items = useUploadState((s) => s.items);
  const listed = items.filter((i) => i.inDialog);
  const state =
    adding === "idle" && manifest.data && samplesListed(manifest.data.items, listed) ? "added" : adding;
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    if (!manifest.data) return;
    setState("adding");
    setError(null);
    try {
      const collectionId = await sampleCollectionId(manifest.data.collectionName);
      const items = await Promise.all(manifest.data.items.map(loadSample));
      await addSamples(items, collectionId);
      setState("added");
    } catch (err) {
      setState("idle");
      setError(errorMessage(err, "The sample memories could not be added. Please try again."));
    }
  };

  return (
    <section aria-labelledby="recommendations-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="recommendations-heading" className="text-sm font-semibold">
            Recommendations
          </h2>
          <p className="text-xs text-muted-foreground">
            Sample memories to try Mnemo with, saved in the collection “{sampleContent.collectionName}”.
            Remove them whenever you like.
          </p>
        </div>
        <Button
          size="sm"
          variant={state === "added" ? "outline" : "default"}
          onClick={() => void add()}
          disabled={!manifest.data || state !== "idle"}
        >
          {state === "adding" ? (
            <Loader2Icon className="size-4 animate-spin" />
          ) : (
            <SparklesIcon className="size-4" />
          )}
          {state === "added" ? "Sample memories added" : "Add sample memories"}
        </Button>
      </div>
      {manifest.isLoading && <p className="text-sm text-muted-foreground">Loading recommendations…</p>}
      {manifest.isError && (
        <p role="alert" className="text-sm text-destructive">
          The recommendations could not be loaded.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Sample memories">
        {manifest.data?.items.map((item) => {
          const Icon = item.type === "webpage" ? GlobeIcon : FileTextIcon;
          return (
            <li key={item.filename} className="flex gap-3 rounded-lg border bg-background p-3">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{item.title}</p>
                <p className="line-clamp-2 text-xs text-muted-foreground">{item.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
