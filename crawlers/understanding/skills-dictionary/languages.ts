// Human languages, as requirements name them (adjectives and inflections included): part of the skills dictionary (../skills-dictionary.ts explains the entries).
import type { SkillEntry } from '../skills-dictionary.ts';

export const LANGUAGES: SkillEntry[] = [
  // --- Human languages (as requirements name them; adjectives and inflections included)
  { name: 'English', type: 'hard', aliases: ['英語', '영어', '英语', '英文', 'Englisch', 'Englischkenntnisse', 'anglais', 'inglés', 'angielski', 'angielskiego'] },
  { name: 'German', type: 'hard', aliases: ['Deutsch', 'Deutschkenntnisse', 'allemand', 'alemán', 'niemiecki', 'niemieckiego'] },
  { name: 'French', type: 'hard', aliases: ['Französisch', 'Französischkenntnisse', 'français', 'francés', 'francuski', 'francuskiego'] },
  { name: 'Spanish', type: 'hard', aliases: ['Spanisch', 'espagnol', 'español', 'castellano', 'hiszpański', 'hiszpańskiego'] },
  { name: 'Italian', type: 'hard', aliases: ['Italienisch', 'italien', 'italiano', 'włoski', 'włoskiego'] },
  { name: 'Portuguese', type: 'hard', aliases: ['Portugiesisch', 'portugais', 'portugués', 'português'] },
  { name: 'Dutch', type: 'hard', aliases: ['Niederländisch', 'néerlandais', 'neerlandés', 'Nederlands'] },
  { name: 'Polish', type: 'hard', aliases: ['Polnisch', 'polonais', 'polaco', 'polskiego'], context: true },
  { name: 'Japanese', type: 'hard', aliases: ['日本語', 'Japanisch', 'japonais', 'japonés'] },
  { name: 'Mandarin', type: 'hard', aliases: ['普通话', '中文', 'Mandarin Chinese', 'Chinese', 'Chinesisch', 'chinois'] },
  { name: 'Korean', type: 'hard', aliases: ['한국어', 'Koreanisch', 'coréen'] },
  { name: 'Arabic', type: 'hard', aliases: ['Arabisch', 'arabe', 'árabe'] },
  { name: 'Russian', type: 'hard', aliases: ['Russisch', 'russe', 'ruso', 'rosyjski', 'rosyjskiego'] },
  { name: 'Turkish', type: 'hard', aliases: ['Türkçe', 'Türkisch', 'turc', 'turco'] },
  { name: 'Swedish', type: 'hard', aliases: ['Schwedisch', 'svenska'] },
];
