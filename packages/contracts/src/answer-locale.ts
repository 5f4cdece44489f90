/**
 * The offline engine's fixed answer text when the memories in scope hold no answer, in the
 * question's language (the eight languages measured; English otherwise). Composed: the spec gives
 * the English wording's intent only. The stronger-model hint keys on any of the openings.
 */
type NoContext = { opening: string; rest: (q: string) => string };

const NO_CONTEXT: Record<string, NoContext> = {
  en: {
    opening: "I couldn't find relevant context in your memories",
    rest: (q) =>
      ` to answer "${q}". Try rephrasing the question, adding the memory that holds the answer, or asking with a generative model.`,
  },
  de: {
    opening: "Ich konnte in deinen Erinnerungen keinen passenden Kontext finden",
    rest: (q) =>
      `, um „${q}“ zu beantworten. Formuliere die Frage um, füge die Erinnerung mit der Antwort hinzu oder frage ein generatives Modell.`,
  },
  es: {
    opening: "No encontré contexto relevante en tus recuerdos",
    rest: (q) =>
      ` para responder «${q}». Prueba a reformular la pregunta, a añadir el recuerdo que contiene la respuesta o a preguntar a un modelo generativo.`,
  },
  ru: {
    opening: "Я не нашёл подходящего контекста в ваших воспоминаниях",
    rest: (q) =>
      `, чтобы ответить на «${q}». Попробуйте переформулировать вопрос, добавить воспоминание с ответом или спросить генеративную модель.`,
  },
  zh: {
    opening: "我在你的记忆中找不到相关内容",
    rest: (q) => `来回答“${q}”。请换一种问法、添加包含答案的记忆，或改用生成式模型提问。`,
  },
  ar: {
    opening: "لم أجد سياقًا ذا صلة في ذكرياتك",
    rest: (q) =>
      ` للإجابة عن «${q}». جرّب إعادة صياغة السؤال، أو إضافة الذكرى التي تحتوي على الإجابة، أو السؤال باستخدام نموذج توليدي.`,
  },
  hi: {
    opening: "मुझे आपकी यादों में प्रासंगिक संदर्भ नहीं मिला",
    rest: (q) =>
      ` जिससे "${q}" का उत्तर दिया जा सके। प्रश्न को दूसरे शब्दों में पूछें, उत्तर वाली याद जोड़ें, या किसी जनरेटिव मॉडल से पूछें।`,
  },
  vi: {
    opening: "Tôi không tìm thấy ngữ cảnh liên quan trong các ký ức của bạn",
    rest: (q) =>
      ` để trả lời "${q}". Hãy thử diễn đạt lại câu hỏi, thêm ký ức chứa câu trả lời hoặc hỏi bằng một mô hình tạo sinh.`,
  },
};

/** The no-answer text for a question in `language` (ISO 639-1); English when not one of the eight. */
export function noRelevantContextFor(language: string, question: string): string {
  const t = NO_CONTEXT[language] ?? NO_CONTEXT.en;
  return t.opening + t.rest(question);
}

/** Whether an answer says the memories hold no answer, in any of the languages above. */
export function saysNoRelevantContext(response: string): boolean {
  return Object.values(NO_CONTEXT).some((t) => response.includes(t.opening));
}
