/**
 * The offline engine's thoughts and follow-up questions in the question's language: the eight
 * languages measured (English, German, Spanish, Russian, Chinese, Arabic, Hindi, Vietnamese);
 * English for every other. Composed wording (the spec describes these texts without wording).
 */
export type EngineTexts = {
  understanding: (q: string) => string;
  searching: (passages: number, memories: number) => string;
  nothingMatched: string;
  noGoodSentence: string;
  selecting: (sentences: number) => string;
  aboutName: (name: string) => string;
  aboutTitle: (title: string) => string;
  keyPoints: (title: string) => string;
  summarize: string;
  related: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TEXTS: Record<string, EngineTexts> = {
  en: {
    understanding: (q) => `Understanding the question: "${q}".`,
    searching: (p, m) =>
      `Searching memories: ${plural(p, "passage", "passages")} from ${plural(m, "memory", "memories")}.`,
    nothingMatched: "Searching memories: nothing matched.",
    noGoodSentence: "Selecting: no sentence answers the question well enough.",
    selecting: (n) => `Selecting the ${n} most relevant sentence${n === 1 ? "" : "s"}.`,
    aboutName: (x) => `What do my memories say about ${x}?`,
    aboutTitle: (x) => `What is ${x} about?`,
    keyPoints: (x) => `What are the key points of ${x}?`,
    summarize: "Summarize what my memories say about this topic.",
    related: "What related topics appear in my memories?",
  },
  de: {
    understanding: (q) => `Die Frage verstehen: „${q}“.`,
    searching: (p, m) =>
      `Erinnerungen durchsuchen: ${plural(p, "Abschnitt", "Abschnitte")} aus ${plural(m, "Erinnerung", "Erinnerungen")}.`,
    nothingMatched: "Erinnerungen durchsuchen: nichts gefunden.",
    noGoodSentence: "Auswahl: Kein Satz beantwortet die Frage gut genug.",
    selecting: (n) => `Auswahl der ${plural(n, "relevantesten Satzes", "relevantesten Sätze")}.`,
    aboutName: (x) => `Was sagen meine Erinnerungen über ${x}?`,
    aboutTitle: (x) => `Worum geht es in ${x}?`,
    keyPoints: (x) => `Was sind die wichtigsten Punkte von ${x}?`,
    summarize: "Fasse zusammen, was meine Erinnerungen zu diesem Thema sagen.",
    related: "Welche verwandten Themen kommen in meinen Erinnerungen vor?",
  },
  es: {
    understanding: (q) => `Entendiendo la pregunta: «${q}».`,
    searching: (p, m) =>
      `Buscando en los recuerdos: ${plural(p, "pasaje", "pasajes")} de ${plural(m, "recuerdo", "recuerdos")}.`,
    nothingMatched: "Buscando en los recuerdos: no hubo coincidencias.",
    noGoodSentence: "Selección: ninguna frase responde bien a la pregunta.",
    selecting: (n) => `Seleccionando ${plural(n, "frase más relevante", "frases más relevantes")}.`,
    aboutName: (x) => `¿Qué dicen mis recuerdos sobre ${x}?`,
    aboutTitle: (x) => `¿De qué trata ${x}?`,
    keyPoints: (x) => `¿Cuáles son los puntos clave de ${x}?`,
    summarize: "Resume lo que dicen mis recuerdos sobre este tema.",
    related: "¿Qué temas relacionados aparecen en mis recuerdos?",
  },
  ru: {
    understanding: (q) => `Понимаю вопрос: «${q}».`,
    searching: (p, m) => `Поиск в воспоминаниях: фрагментов — ${p}, воспоминаний — ${m}.`,
    nothingMatched: "Поиск в воспоминаниях: ничего не найдено.",
    noGoodSentence: "Отбор: ни одно предложение не отвечает на вопрос достаточно хорошо.",
    selecting: (n) => `Отбираю самые подходящие предложения: ${n}.`,
    aboutName: (x) => `Что говорится в моих воспоминаниях о ${x}?`,
    aboutTitle: (x) => `О чём ${x}?`,
    keyPoints: (x) => `Каковы главные мысли «${x}»?`,
    summarize: "Кратко перескажи, что мои воспоминания говорят на эту тему.",
    related: "Какие связанные темы есть в моих воспоминаниях?",
  },
  zh: {
    understanding: (q) => `理解问题：“${q}”。`,
    searching: (p, m) => `搜索记忆：来自 ${m} 条记忆的 ${p} 个段落。`,
    nothingMatched: "搜索记忆：没有匹配的内容。",
    noGoodSentence: "筛选：没有句子能很好地回答这个问题。",
    selecting: (n) => `选出最相关的 ${n} 个句子。`,
    aboutName: (x) => `我的记忆中关于${x}说了什么？`,
    aboutTitle: (x) => `${x}讲的是什么？`,
    keyPoints: (x) => `${x}的要点是什么？`,
    summarize: "总结我的记忆中关于这个主题的内容。",
    related: "我的记忆中还有哪些相关主题？",
  },
  ar: {
    understanding: (q) => `فهم السؤال: «${q}».`,
    searching: (p, m) => `البحث في الذكريات: ${p} مقاطع من ${m} ذكريات.`,
    nothingMatched: "البحث في الذكريات: لا توجد نتائج مطابقة.",
    noGoodSentence: "الاختيار: لا توجد جملة تجيب عن السؤال بشكل كافٍ.",
    selecting: (n) => `اختيار الجمل الأكثر صلة: ${n}.`,
    aboutName: (x) => `ماذا تقول ذكرياتي عن ${x}؟`,
    aboutTitle: (x) => `عمّ يتحدث ${x}؟`,
    keyPoints: (x) => `ما النقاط الرئيسية في ${x}؟`,
    summarize: "لخّص ما تقوله ذكرياتي عن هذا الموضوع.",
    related: "ما الموضوعات ذات الصلة التي تظهر في ذكرياتي؟",
  },
  hi: {
    understanding: (q) => `प्रश्न समझ रहा हूँ: "${q}"।`,
    searching: (p, m) => `यादों में खोज: ${m} यादों से ${p} अंश।`,
    nothingMatched: "यादों में खोज: कुछ नहीं मिला।",
    noGoodSentence: "चयन: कोई वाक्य प्रश्न का पर्याप्त उत्तर नहीं देता।",
    selecting: (n) => `सबसे प्रासंगिक ${n} वाक्य चुन रहा हूँ।`,
    aboutName: (x) => `मेरी यादें ${x} के बारे में क्या कहती हैं?`,
    aboutTitle: (x) => `${x} किस बारे में है?`,
    keyPoints: (x) => `${x} के मुख्य बिंदु क्या हैं?`,
    summarize: "इस विषय पर मेरी यादें जो कहती हैं उसका सारांश दें।",
    related: "मेरी यादों में कौन से संबंधित विषय हैं?",
  },
  vi: {
    understanding: (q) => `Hiểu câu hỏi: "${q}".`,
    searching: (p, m) => `Tìm trong ký ức: ${p} đoạn từ ${m} ký ức.`,
    nothingMatched: "Tìm trong ký ức: không có kết quả phù hợp.",
    noGoodSentence: "Chọn lọc: không câu nào trả lời đủ tốt câu hỏi.",
    selecting: (n) => `Chọn ${n} câu liên quan nhất.`,
    aboutName: (x) => `Ký ức của tôi nói gì về ${x}?`,
    aboutTitle: (x) => `${x} nói về điều gì?`,
    keyPoints: (x) => `Những điểm chính của ${x} là gì?`,
    summarize: "Tóm tắt những gì ký ức của tôi nói về chủ đề này.",
    related: "Những chủ đề liên quan nào xuất hiện trong ký ức của tôi?",
  },
};

/** The engine's texts for a question in `language` (ISO 639-1); English when not one of the eight. */
export function engineTexts(language: string): EngineTexts {
  return TEXTS[language] ?? TEXTS.en;
}
