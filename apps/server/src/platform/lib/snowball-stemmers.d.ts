declare module "snowball-stemmers" {
  export function algorithms(): string[];
  export function newStemmer(name: string): { stem(word: string): string };
}
