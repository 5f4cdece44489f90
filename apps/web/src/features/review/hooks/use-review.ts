import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { MakeReviewCardsInput, ReviewDue, ReviewGrade, UpdateReviewCardInput } from "@mnemo/contracts";
import { errorMessage } from "@/lib/api";
import { deleteCard, getDue, gradeCard, listCards, makeReviewCards, updateCard } from "../api/review";
import { madeText } from "../logic/review";

export const reviewKeys = {
  all: ["review"] as const,
  due: ["review", "due"] as const,
  cards: ["review", "cards"] as const,
};

/** The due count and the next due cards (the nav badge and the Review screen share it). */
export function useReviewDue() {
  return useQuery({
    queryKey: reviewKeys.due,
    queryFn: ({ signal }) => getDue(signal),
    staleTime: 30_000,
  });
}

/** Every card of the user, suspended ones too (the Review screen's card list). */
export function useReviewCards(enabled: boolean) {
  return useQuery({ queryKey: reviewKeys.cards, queryFn: ({ signal }) => listCards(signal), enabled });
}

/** The due cards without `id`, the due count one less: the screen moves on before the refetch. */
function withoutCard(due: ReviewDue | undefined, id: string, stillDue = false): ReviewDue | undefined {
  if (!due) return due;
  const cards = due.cards.filter((c) => c.id !== id);
  const removed = cards.length < due.cards.length;
  return { ...due, cards, due_count: removed && !stillDue ? Math.max(0, due.due_count - 1) : due.due_count };
}

export function useGradeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { cardId: string; grade: ReviewGrade }) => gradeCard(v.cardId, v.grade),
    onSuccess: (res, v) => {
      queryClient.setQueryData<ReviewDue>(reviewKeys.due, (d) =>
        d ? { ...withoutCard(d, v.cardId)!, due_count: res.due_count } : d,
      );
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateReviewCardInput }) => updateCard(v.id, v.body),
    onSuccess: (card) => {
      queryClient.setQueryData<ReviewDue>(reviewKeys.due, (d) =>
        card.suspended
          ? withoutCard(d, card.id)
          : d && { ...d, cards: d.cards.map((c) => (c.id === card.id ? card : c)) },
      );
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCard(id),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<ReviewDue>(reviewKeys.due, (d) => withoutCard(d, id));
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

/**
 * Makes review cards from a memory, a selection in it, or a collection, and says what it did in a
 * toast (how many were made, or why none could be), with a way to the Review screen.
 */
export function useMakeReviewCards() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (input: MakeReviewCardsInput) => makeReviewCards(input),
    onSuccess: (res) => {
      const text = madeText(res);
      const review = { label: "Review", onClick: () => void navigate("/review") };
      if (res.made > 0) toast.success(text, { action: review });
      else if (res.reason === "already_made") toast.info(text, { action: review });
      else toast.info(text);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
    onError: (err) => toast.error(`Review cards could not be made. ${errorMessage(err)}`),
  });
  return mutation;
}
