import type { CrisisCategory } from '#contracts/coach.ts';
import {
  conceptCategory,
  framedMessage,
  resolvedMessage,
  hasRiskConcept,
  objectlessPlan,
  ownDeathNamed,
  purgeHabitExplains,
  routineExplains,
  setAside,
  tagConcepts,
} from './crisis-concepts.ts';
import { type CrisisModel, modelCategory, toldSentences } from './crisis-model.ts';
import { sentenceLayerCategories, sentenceLayerOn } from './crisis-sentence-layer.ts';
import {
  applyAllowances,
  compile,
  expand,
  LEXICON_GATE,
  normalizeForGuard,
} from './crisis-normalize.ts';
import type { GatedPattern } from './literal-gate.ts';
import savedModel from './crisis-model.json' with { type: 'json' };

export { applyAllowances, LEXICON_GATE, normalizeForGuard } from './crisis-normalize.ts';

const MODEL: CrisisModel = savedModel;
const GATE = LEXICON_GATE;

/**
 * The offline crisis guard: a layered detector that runs on every text a person sends the coach
 * before any engine sees it.
 *
 * 1. Normalisation: case, accents, quotes and punctuation; contractions, with or without their
 *    apostrophe ("dont", "im"); text-speak ("wanna", "kms", "unalive") and common misspellings
 *    ("sucide", "paracetemol").
 * 2. Allowances: idioms and terms that look alarming but are not ("this commute is killing me",
 *    "dying to see it", "suicide sprints", "cut myself shaving") are blanked out first.
 * 3. A lexicon per category, written as patterns over word families (people, medicines, amounts,
 *    intent verbs) rather than fixed strings, so "ending it all" and "a whole box of ibuprofen"
 *    are understood like "end it all" and "too many pills".
 * 4. Topic words ("suicide", "overdose", "anorexia", "abuse") count unless the text is clearly
 *    about a story, the news, study or work ("a novel about…", "suicide prevention charity").
 *    First-person patterns count whatever the frame.
 *
 * When several categories match, the most urgent help comes first (CATEGORY_ORDER). Steps 1 and
 * 2, with the word families the patterns are written over, are in crisis-normalize.ts.
 *
 * Under the lexicon, two layers generalise to words it has not seen (ADR 022): the concept rules
 * (crisis-concepts.ts), which also set story, study, past and joking sentences aside for the
 * lexicon, and a small model (crisis-model.ts), asked only when neither rules layer flagged.
 */

// ---------------------------------------------------------------------------------------------
// 4. Frames that make topic words about something else (a story, the news, study or work, or
//    recovery with the person's treatment team)

const FRAME = GATE.gated(
  new RegExp(
    expand(
      '\\b(?:novel|story|stories|book|books|film|films|movie|movies|series|show|character|characters|screenplay|script|fiction|documentary|podcast|article|articles|news|headline|essay|thesis|research|lecture|course|class|exam|exams|module|presentation|assignment|coursework|sociology|criminology|seminar|training|trained|protocols?|prevention|awareness|charity|charities|volunteer|volunteering|campaign|fundraiser|fundraising|listener|helpline|counsell?or|counsell?ing course|nurse|nursing|paramedic|doctor|medic|therapist|psychology|squad|game|blog|history|years ago|museum|play|poem|song|lyrics|how to help|how to support|learn to support|to support|to help (?:my|a|someone|people|others)|supporting|mental health first aid|first aid|dietitian|dietician|treatment team|in recovery|recovering from|recovered from|recovery from)\\b',
    ),
  ),
);

// ---------------------------------------------------------------------------------------------
// 5. The lexicon per category

interface CategoryRules {
  /** Count whatever the frame. */
  strong: GatedPattern[];
  /** Count unless a story, news, study or work frame is present. */
  topic: GatedPattern[];
  /** Checks a lexicon cannot express (doses, calories, BMI). */
  checks?: Array<(text: string) => boolean>;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  hundred: 100,
};

/**
 * What follows "stop eating" in an everyday goal (less junk, no meat, nothing after 8 pm), not a
 * wish to stop eating at all: one list for every pattern that reads the phrase.
 */
const EVERYDAY_STOP =
  '(?! (?:out|meat|red meat|sugar|junk|dairy|gluten|late|after (?:\\d|dinner|dark|supper|tea|[a-z]+ pm|[0-9]+ ?pm)|before (?:bed|dinner|\\d)|processed|takeaways?|fast food|bread|carbs|fried|so much|so many|as much|too much|at|chocolate|crisps|sweets|snacks|between meals|in front of))';

const SUICIDE: CategoryRules = {
  strong: compile([
    '\\b(?:kill|killing|killed|kills|end|ending|ended|off|offing|offed|hang|hanging|hanged|shoot|shooting|shot|drown|drowning|poison|poisoning|suffocate|suffocating|gas|gassing|electrocute|murder) (?:myself|my self)\\b',
    '\\b(?:i|me|my|myself)\\b.{0,25}\\bsuicid\\w*',
    // a wish, plan or intent followed by a way of dying or not existing
    '\\b(?:want|wants|wanted|wish|wishing|hope|hoping|ready|plan|planning|plans|goal|aim|thinking (?:of|about)|think about|thought about|thoughts of|should just|should|going|gonna|need|needed|rather|prefer|long|longing|tempted|decided|deciding|considering|about|urge)\\b (?:is |was )?(?:(?:it all|it|everything|this|all of this|my life|the pain) )?(?:to )?(?:just )?(?:i )?(?:could |would |will |can |just )?(?:die|be dead|disappear\\b(?! (?:from|for a|off|into|on|to|offline|in|with))|not exist|stop existing|cease to exist|be gone (?:forever|for good)|vanish|go away (?:forever|for good|permanently)|end it|end things|end everything|not be here|not be around|not wake up|never wake up|sleep forever|go to sleep forever|rest forever|be at peace forever|(?:get|getting) hit by (?:a )?(?:bus|car|train|truck|lorry)|(?:walk|walking) into (?:the )?(?:sea|ocean|river|lake|traffic)|(?:drive|driving|crash|crashing) (?:my car |the car )?(?:into|off) (?:a|the)|drown(?:ing)?\\b(?! out| in| my| his| her| the| him| them| a)|dying|(?:swerv\\w*|crash\\w*|steer\\w*) (?:into|off))\\b ?',
    '\\b(?:it all|everything|my life|all of this|it) to be over\\b',
    '\\b(?:put|putting|got|getting|sorting|sort|sorted) (?:all )?my affairs in order\\b',
    '\\bif anything (?:happens|should happen) to me\\b.{0,40}\\b(?:soon|will be|i think|tonight|this week)\\b',
    '\\b(?:hope|hoping|wish|wishing|pray|praying) (?:that )?i (?:crash|die|do not wake|never wake|get (?:killed|hit)|do not make it|do not survive|do not come back)\\b',
    '\\bgo to sleep and stay asleep\\b(?! (?:all|through|until|till|for))',
    '\\b(?:want|wish|need) to stop breathing\\b(?! (?:so|through|shallow|heavily|loudly|when))',
    '\\b(?:{MEDS}|rope|gun|noose)\\b.{0,30}\\bto end (?:it|things|everything|my life)\\b',
    '\\b(?:do not|no longer) want to be (?:on this earth|in this world|on earth|in this life|on this planet)\\b',
    '\\bi will be dead (?:by|before|soon|tomorrow|tonight|next)\\b',
    '\\b(?:want|wish|need|ready) to (?:go to )?(?:sleep|rest|fall asleep) (?:for good|forever|permanently)\\b',
    '\\b(?:want|wish) (?:to be|i was|i were|i could be) gone\\b(?! (?:by|before|at|from|for|on|early|when))',
    '\\b(?:wish|hope|hoping|pray)\\b.{0,30}\\b(?:and die|would die|to die)\\b(?! (?:of old age|happy|peacefully|old))',
    '\\b(?:knife|blade|razor)\\b.{0,40}\\bmy wrists?\\b',
    '\\b(?:rope|noose|pills|tablets|gun)\\b (?:is |are )?(?:ready|set up|tied|prepared)\\b(?! for)',
    '\\bbleed(?:ing)? out\\b',
    '\\b(?:step|stepping|walk|walking|lie|lying|lay) (?:onto|on to|on|in front of) (?:the )?(?:tracks|rails|railway line|motorway|highway)\\b',
    '\\b(?:my will|affairs)\\b.{0,30}\\bsay(?:ing)? goodbye\\b|\\bsay(?:ing)? goodbye\\b.{0,30}\\b(?:my will|affairs)\\b',
    '\\b(?:tonight|today|tomorrow|this weekend|soon) i (?:will )?end (?:it|things|everything|my life)\\b|\\bi (?:will|am going to|shall) end (?:it|things|everything)(?: tonight| today| now| soon|$)',
    '\\bhow (?:do|does|can|could|would) (?:people|someone|a person|you|one|i) (?:kill|hang|overdose|end)\\b',
    '\\b(?:fantasi[sz]\\w*|dream\\w*|obsess\\w*|think\\w* (?:a lot )?about|romantici[sz]\\w*) (?:about |of )?(?:my (?:own )?death|dying|being dead|my funeral)\\b',
    '\\bway out of (?:this life|life|this world|existence)\\b',
    '\\b(?:want|wish|need)\\b.{0,25}\\b(?:go black|go dark|fade away|fade out|slip away|stop|end) (?:forever|for good|permanently)\\b',
    '\\bgive up (?:for good|on everything|on it all)\\b',
    '\\b(?:planning|planned|plan) my (?:exit|way out|escape from (?:life|this world)|death|suicide)\\b(?! (?:from|strategy|plan|interview))',
    '\\b(?:picked|chosen|set|decided on) (?:a|the) date$|\\b(?:picked|chosen|set) (?:a|the) date (?:to do it|for it|to end)\\b',
    '\\b(?:should not|do not deserve to|should never have been) (?:be alive|exist|live|have been born|been born|be here)\\b(?! (?:in|at|with|like))',
    '\\bgiv(?:e|ing) up on (?:life|living|myself|being alive)\\b',
    '\\b(?:be|join|see) (?:with )?(?:my )?\\w+ (?:in heaven|on the other side)\\b',
    '\\b{MEDS}\\b.{0,30}\\b(?:next to me|in front of me|in my hand|beside me)\\b',
    '\\b(?:spot|place|bridge|building|cliff|height)s? (?:to|i can|where i can) jump (?:from|off)\\b',
    '\\b(?:crash|crashing|crashed|drive|driving|drove) (?:my |the )?car\\b.{0,20}\\b(?:on purpose|deliberately|into (?:a|the) (?:wall|tree|river|bridge|lorry|truck))\\b',
    '\\bfeel like dying\\b(?! (?:after|of|from|laughing))',
    '\\bno use to (?:anyone|anybody|everyone)\\b',
    '\\b(?:cannot|not) (?:\\w+ ){0,3}survive another (?:day|night|week)\\b(?! of)',
    '\\bwill (?:all )?be over (?:soon|tonight|for good)\\b.{0,25}\\b(?:decided|ready|goodbye|made up my mind)\\b',
    '\\b(?:no one|nobody|noone|you|they|anyone) (?:will|would) (?:have to )?(?:deal with|put up with|worry about|see|hear from) me (?:for )?(?:much|any) longer\\b',
    '\\b(?:throw|throwing|threw) myself (?:off|from|in front of|under)\\b',
    '\\b(?:do not|dont) care (?:if|whether) i (?:live or die|die|wake up|survive)\\b',
    '\\b(?:jump|jumping|fall|falling)\\b (?:from|off) (?:the |a )?(?:(?:\\d+(?:st|nd|rd|th)?|top) (?:floor|storey|story)|roof|rooftop|bridge|building|balcony|window|cliff|multi storey)\\b(?! (?:into|for fun|on holiday|in the summer|with))',
    '\\b(?:world|everyone|everybody|my family|they|anyone) (?:does not|do not|would not|will not) (?:need|want|miss) me\\b|\\b(?:nobody|no one|noone) (?:needs|wants|would miss|will miss) me\\b',
    '\\benough {MEDS} (?:\\w+ )?(?:to|for|saved|stashed|hidden)\\b',
    '\\b(?:{MEDS}|rope|gun|noose)\\b.{0,30}\\bto do it\\b',
    '\\bleft (?:a |my )?(?:goodbye |final |last )?(?:note|letter)\\b (?:on (?:the|my) (?:kitchen )?(?:table|bed|desk|pillow)|for them to find|for when|for my family|under)',
    '\\bwhy (?:should i |would i |do i |even |bother )?(?:bother|keep|carry on|go on) (?:living|going|trying|existing|being alive)\\b(?! (?:to|with|at))|\\bwhy am i (?:still )?alive\\b',
    '\\b(?:one way|never coming back|last trip|not coming back)\\b.{0,30}\\b(?:cliffs?|bridge|edge|tracks|sea)\\b',
    '\\bstop waking up\\b(?! (?:so|at|early|in|tired|with|during|every|at night|hungry|late|before|grumpy))',
    '\\bend (?:the|my|this) (?:suffering|pain|misery|agony)\\b(?! of)',
    '\\b(?:a plan|the plan)\\b.{0,20}\\b(?:the means|the pills|the rope|a date)\\b|\\bthe means\\b.{0,20}\\b(?:to do it|to end|and a plan)\\b',
    '\\b(?:cancer|die|death|dying|accident|illness)\\b.{0,60}\\bwelcome (?:it|death|the end)\\b',
    '\\b(?:to not|not to) (?:be here|exist|be alive)\\b(?! (?:at|when|for|on|in|during|early|tomorrow|with))',
    '\\btonight is the night(?:$| thank| goodbye| i (?:do it|go|end|leave))',
    '\\b(?:do not|no longer) want to do (?:life|this life|living)\\b',
    '\\b(?:after that|after (?:tonight|tomorrow|friday|this week|the weekend)|by then) (?:it|nothing|none of it) (?:will not|would not|does not) matter\\b',
    '\\b(?:anyone|anybody|who|nobody|no one)\\b.{0,20}\\bmy funeral\\b',
    '\\bchecking out\\b (?:soon|early|for good|of life|permanently|tonight)',
    '\\bbath with (?:a|the|my) (?:toaster|hair ?dryer|radio|heater)\\b',
    '\\b(?:going to|gonna|about to|ready to|want to) jump(?: off| tonight| now|$)',
    '\\b(?<!(?:not|never) )(?:just )?want (?:it all |everything |the pain |it |all of it )?to stop$',
    '\\bdead inside\\b.{0,40}\\b(?:make it official|might as well|for real)\\b',
    '\\b(?:tallest|highest)\\b.{0,40}\\b(?:roof access|rooftop access|onto the roof|to jump)\\b',
    '\\b(?:way|ways|how) to overdose\\b',
    '\\b(?:research\\w*|googl\\w*|looking up|looked up|reading about) (?:\\w+ ){0,2}(?:overdoses?|overdosing|lethal doses?|suicide|ways to die|how to die)\\b',
    '\\b(?:be|join) (?:with )?(?:my )?(?:late \\w+|\\w+ in heaven)\\b.{0,20}\\b(?:again|soon|ready to go)\\b',
    '\\buntil i (?:end it|end things|end my life|die|am gone|kill myself)\\b',
    '\\b(?:letters?|notes?|cards?) (?:to|for) (?:everyone|all|each of (?:the people|those)) (?:i love|i care about|who matters)\\b.{0,30}\\b(?:before|in case|so they|when i|explaining|to say goodbye)\\b',
    '\\b(?:how much|how many)\\b (?:\\w+ ){0,3}{MEDS}\\b.{0,30}\\b(?:would it take|it would take|does it take|it takes|would i need|do i need|would kill|to kill|kills? (?:you|a person|someone|me)|would be enough|is enough|is too much|before you die|to stop)\\b',
    '\\b(?:what it would (?:feel|be) like|wondering|wonder|thinking about|imagine|imagining)\\b.{0,30}\\b(?:to fall|falling|to jump|jumping|to die|dying|to not exist|if i died|hitting the ground)\\b(?! (?:in love|asleep|for|off the wagon|behind))',
    '\\b(?:being dead|death|dying|not existing|not being alive|not being here) (?:would be|is|seems|feels|sounds) (?:so )?(?:better|easier|a relief|preferable|the answer|peaceful|nicer|welcome|like the only)\\b',
    '\\b(?:nothing|no one|nobody|noone|nothing left|no reason|no one left|nobody left) (?:left )?to live for\\b',
    '\\b(?:this is|this will be|today is|tonight is|it is) my (?:last|final) (?:day|night|week|weekend|goodbye|message|post)\\b(?! (?:at|of|in|on|with|before|as|working|here))',
    '\\b(?:soon|because|when|after|once|by then) i will be gone\\b(?! (?:on|for|to|away|from))',
    '\\bnone of (?:this|it) will matter (?:soon|when|because|anymore|once)\\b',
    '\\b{INTENT} (?:\\w+ )?(?:take|taking|swallow|swallowing) (?:them all|all of them|the lot|the whole lot|them at once|all at once)\\b',
    '\\b(?:would not mind|would not care|would be okay|would be fine|would be relieved|do not care|would be glad|would be happy) if i (?:\\w+ ){0,2}(?:died|did not survive|did not wake|never woke|was gone|were gone|was dead|got killed|crashed|never came back)\\b',
    '\\b(?:cannot|do not) see myself (?:still )?(?:being |making it|reaching|living to|getting to|seeing (?:my|another|next)|here|alive|around|living)',
    '\\bif i (?:was|were) (?:gone|dead|not here|not around|no longer here)\\b(?! (?:for|on|to|away))',
    '\\bremember me (?:kindly|fondly|when i am gone|for who i was)\\b',
    '\\b(?:gave|given|giving) (?:away )?my (?:cat|dog|pets?|things|stuff|belongings)\\b.{0,60}\\b(?:does not matter|will not need|not need|for good)\\b',
    '\\bnot (?:have to )?(?:face|see|wake up to) (?:tomorrow|another day|the morning|the world)\\b',
    '\\b(?:fall asleep|go to sleep|sleep) and (?:never|not) (?:\\w+ ){0,3}(?:again|wake|face|come back)\\b',
    '\\b(?:hope|hoping|wish|wishing|pray|praying) (?:that )?(?:something|someone|a car|a bus|it|cancer|an accident|god) (?:will |would |just )?(?:kill|kills|take|takes|end|ends|hit|hits|run me over|runs me over) me\\b',
    '\\bhate (?:being alive|living|existing|that i woke up|that i am alive|my existence)\\b',
    '\\b(?:be|being|am|feel like) (?:a |such a )?(?:burden|weight|drain|load|nuisance) (?:to|on|for) (?:everyone|everybody|my family|the people|them all|all of them|my (?:\\w+ )?{KIN})\\b',
    '\\bnot (?:\\w+ ){0,3}be (?:around|here|alive) (?:much|any|for (?:much|very)) longer\\b',
    '\\b(?:engine|car|motor) running\\b.{0,30}\\b(?:garage|closed|shut|hose)\\b|\\bgarage\\b.{0,40}\\bengine running\\b|\\bhose (?:from|into|to|on) the exhaust\\b',
    '\\b(?:cannot|no way i can|not able to|can no longer|unable to) (?:\\w+ ){0,2}(?:keep living|go on living|live like this|keep going like this|go on like this|carry on like this)\\b',
    '\\b(?:knot|rope|noose|belt|cord)\\b.{0,30}\\b(?:hold|take|support|bear) my weight\\b',
    '\\b(?:googl\\w*|search\\w*|looking up|looked up|research\\w*|reading about)\\b.{0,30}\\b(?:how to (?:die|kill|hang|overdose|end it)|ways to (?:die|end it|kill)|suicide methods|lethal|overdose amounts?|painless)\\b',
    '\\b(?:how (?:long|many|much|quickly|fast)|which|what)\\b.{0,60}\\b(?:deadly|lethal|fatal|kill (?:you|a person|someone|me)|to die|die from|die of|to overdose|(?:is|be|would be|counts as|causes) an overdose)\\b(?!.{0,20}\\b(?:dogs?|cats?|pets?|mushrooms?|snakes?|spiders?)\\b)',
    '\\b{MEDS} (?:are |is )?(?:all )?(?:lined up|counted out|laid out|ready|in front of me|in my hand)\\b',
    '\\b(?:lined up|counted out|laid out) (?:all )?(?:of )?(?:my |the )?{MEDS}\\b',
    '\\b(?:thoughts?|thinking|think|thought) (?:about|of) (?:death|dying|being dead|not being alive|my death)\\b',
    '\\b(?:imagin\\w*|picturing|thinking about|think about|dream\\w* (?:of|about)) my (?:own )?funeral\\b',
    '\\b(?:better|happier|easier|lighter|brighter|safer|fine|good|relieved)\\b.{0,30}\\bwithout me\\b(?! (?:for|on|at|this|next|while|in the (?:team|office|meeting)))',
    '\\b(?:do not think|doubt|not sure|not certain) (?:if |that )?(?:i will|ill|i am going to|i will still|i am still going to) be (?:here|around|alive)\\b',
    '\\bsaid (?:everything|all) i (?:needed|wanted|had) to say\\b',
    '\\b{INTENT} (?:\\w+ )?(?:ending|end) (?:everything|it all|things|my life|it)\\b(?! (?:with|off|early|on|at|by|before|after|there|here|in|for (?!good)))',
    '\\b{INTENT} (?:\\w+ )?(?:take|taking|swallow|swallowing|down|downing|neck|necking) (?:{LOTS}) (?:\\w+ )?{MEDS}',
    '\\b{INTENT} (?:overdose|overdosing|overdosed)\\b',
    '\\b(?:happier|better|relieved|easier|lighter|free|fine|okay|ok|care|notice|miss me|matter|cry)\\b.{0,30}\\b(?:if|when|once|after) i (?:just |simply )?(?:was |were |am |had |got )?(?:gone|dead|not alive|not here|not around|no longer (?:here|around)|died|disappeared|never born|killed myself)\\b',
    '\\bno (?:way out|escape|other way|other option|choice|other choice)\\b.{0,30}\\b(?:death|die|dying|dead|suicide|end it|ending it|end my life)\\b',
    '\\bonly (?:way out|escape|option|answer|solution) (?:is|would be|left is) (?:death|to die|dying|suicide|to end it|to end my life|to not exist|not existing|to disappear|to stop breathing|stop breathing|to sleep forever|to go for good)\\b',
    '\\bi am (?:a |just a |such a )?waste of (?:space|oxygen|air|a life|life)\\b',
    '\\b(?:will not|not going to|might not|may not) be (?:around|here) to (?:look after|see|care for|take care|watch|feed|walk|help|raise)\\b',
    '\\b(?:will not|not going to|might not|may not) be alive (?:for|by|much|to|next|in)\\b',
    '\\bgoodbye (?:letters?|notes?|messages?|videos?|posts?|texts?|emails?)\\b',
    '\\b(?:is it|does it|would it|will it) (?:\\w+ )?(?:painful|hurt|quick|painless|fast)\\b.{0,15}\\b(?:drown|hang|die|bleed out|overdose|suffocate|drowning|hanging|dying|bleeding out|suffocating)\\b',
    '\\bdoes (?:drowning|hanging|dying|an overdose|overdosing|bleeding out|suffocating) (?:hurt|take long)\\b',
    '\\b(?:stood|standing|stand|sat|sitting|climbed|climbing) (?:at|on|over) the (?:edge|ledge|railing|railings|tracks|parapet)\\b',
    '\\bdone with (?:life|living|being alive|this life|existing|it all)\\b',
    '\\b(?:my )?life (?:is|feels|seems) (?:so |completely |totally )?(?:pointless|meaningless|worthless|hopeless|over)\\b',
    '\\bi (?:just )?want out\\b(?! of)',
    '\\b(?:not|no longer) (?:being|be) (?:here|around|alive)\\b(?: (?:anymore|any more|any longer|soon))',
    '\\bpoint (?:of|in) (?:living|life|going on|being alive|existing|it all|carrying on|anything|trying)\\b(?! (?:coach\\w*|goals?|plans?|insurance|hacks?|lessons?|skills?))',
    '\\bwish\\b.{0,12}\\bnever (?:been |was |were )?born\\b',
    '\\b(?:no|cannot see a|cannot see any|do not see a|do not see any|do not have a|there is no) future (?:for me|anymore|any more|left|ahead of me)\\b',
    '\\blast time (?:you will|anyone will|you|anyone) (?:ever )?(?:hear|see) (?:from )?me\\b',
    '\\b(?:commit|committing|attempt|attempted|attempting|considering|contemplating|thinking about|thought about|thoughts of) suicide\\b',
    '\\bsuicide (?:attempt|note|plan|letter|thoughts?)\\b',
    '\\b(?:end|ending|ended|take|taking|took) (?:my|my own) (?:own )?life\\b(?! (?:back|in|into|to the next|seriously|more|by the|off))',
    '\\b(?:want|wanted|wanting|going|plan|planning|ready|about|deserve|decided|tempted|choose|choosing|prefer|longing|wish|wishing|need|hoping|hope) to (?:just )?die\\b',
    '\\b(?:i|just) (?:just )?(?:want|wish) (?:to )?(?:i (?:was|were|could be) )?(?:dead|gone|never born|to die)\\b',
    '\\bwish (?:i|that i) (?:was|were|had been|could be) (?:dead|gone|never born|not born|not alive)\\b',
    '\\b(?:end|ending|ended) (?:it all|everything|things|it) (?:for good|permanently|tonight|now|soon|today|once and for all)\\b',
    '\\b(?:end|ending) it all\\b',
    '\\b(?:want|going|ready|plan|planning|decided|need) to end (?:it|things|everything)\\b(?! (?:with|off|early|on|at|by|before|after|there|here|for (?!good)))',
    // Columbia: wishing not to wake up, the passive wish to be dead
    '\\b(?:i|to|and|me|hope i|wish i) (?:just |really |simply )?(?:would |will |could |did |do |want to |)(?:not|never) (?:want to )?wake (?:up|again)\\b(?! (?:early|at|before|so|on time|late|hungover|tired|with|grumpy))',
    '\\b(?:not|no longer|never) want(?:ing)? to wake (?:up|again)\\b(?! (?:early|at|before|so|on time|late))',
    '\\b(?:sleep|asleep|slept) (?:forever|for ever|and never wake|and not wake|eternally)\\b',
    '\\beternal sleep\\b',
    // burden, better off without me, nobody would notice
    '(?<!\\b(?:less of|not|not be|not being|no longer|without being|never) (?:a )?)\\b(?:i am|i feel like|i feel|i have become|i am just|just|nothing but|such|i am nothing but) (?:a |such a |nothing but a |an )?(?:huge |massive |total |complete )?burden\\b(?! (?:of proof|on my colleagues))',
    '(?<!\\b(?:less of|not|not be|not being|no longer|without being|never) a )\\bburden (?:to|on|for) (?:everyone|everybody|my|the people|them|all|others|you)\\b',
    '\\bbetter off (?:without me|dead|if i (?:was|were|had) (?:not|never|gone|dead|died)|if i (?:died|disappeared|left for good)|with me gone|when i am gone)\\b',
    '\\b(?:if|when) i (?:was|were|am) (?:not|no longer) (?:around|here|alive)\\b',
    '\\b(?:nobody|no one|noone|none of them) (?:would|will|is going to) (?:even )?(?:notice|care|miss me)\\b.{0,30}\\b(?:if i|when i|once i|after i)\\b',
    // no reason to live, tired of life
    '\\bno (?:point|reason|purpose|will|use) (?:in|to|of|for) (?:living|going on|being alive|life|carrying on|keep living|keep going|be here|being here|live|stay alive|staying alive|existing|trying anymore|any of it)\\b',
    '\\bno (?:point|reason) (?:anymore|any more|any longer)\\b',
    '\\b(?:see|find|have|got|there is|is there) (?:a |any |no )?(?:reason|point|purpose) (?:for me )?(?:to|in|for) (?:keep )?(?:living|live|going on|be alive|being alive|stay alive|staying alive|carry on|carrying on|exist|existing)\\b',
    '\\b(?:no|not|never|nothing) (?:left )?(?:want|wanting|worth|reason) (?:to )?(?:live|living)\\b',
    '\\b(?:do not|no longer|not|never) want to (?:live|be alive|exist|go on|carry on|keep living|keep going|stay alive)\\b(?! (?:in|at|with|like (?!this)|near|there|here|on|alone|without (?!them)))',
    '\\b(?:do not|no longer) want to be (?:here|around|alive)\\b(?: (?:anymore|any more|any longer|now))?(?! (?:in|at|for|with|on|when|if))',
    '\\b(?:tired|sick|weary|exhausted) of (?:living|being alive|life|existing|being here|this life|it all|everything)\\b(?! (?:being|in|about|on|at|with|to do|i|my|that))',
    '\\b(?:life|living|my life|it) (?:is not|is no longer|is not really|is not even) worth (?:living|it anymore|it any more)\\b',
    '\\bnot worth living\\b',
    '\\bcannot (?:go on|carry on|keep going|do this|take (?:it|this)|live like this)(?: (?:anymore|any more|any longer|like this))\\b',
    '\\bcannot (?:go on|carry on|keep going|live like this)$',
    // disappearing, not existing
    '\\b(?:to|could|just|want to|wish i could|wish to) (?:not exist|stop existing|cease to exist|disappear (?:forever|for good|permanently)|vanish (?:forever|for good)|not be alive)\\b',
    '\\b(?:pain|it all|everything|all of (?:it|this)|the hurting|my life|this life) (?:to |would |will |could )?(?:stop|end|be over) (?:for good|forever|permanently|once and for all)\\b',
    '\\b(?:want|wish|need) (?:it all|everything|my life|it|this) to (?:stop|end|be over)\\b(?! (?:on|with|in|by|at|before|soon|well|early|quickly))',
    // goodbyes and putting affairs in order
    '\\b(?:wanted|want|just want|wanted just) to say (?:goodbye|bye|my goodbyes)\\b',
    '\\bsaying (?:my )?goodbyes\\b(?! (?:to (?:my|the) (?:old )?(?:job|house|flat|colleagues|team|office|city|school)))',
    '\\b(?:goodbye|bye) (?:and )?thanks? (?:you )?for everything\\b',
    '\\b(?:this is|it is) (?:my )?(?:final )?goodbye\\b',
    '\\bgoodbye forever\\b',
    '\\bsaid (?:my )?goodbyes?\\b.{0,50}\\b(?:does not know why|do not know why|without (?:telling|saying why)|for the last time|just in case|one last time)\\b',
    '\\b(?:letters?|notes?|messages?) (?:to|for) (?:my|everyone|each of)\\b.{0,40}\\b(?:afterwards|after i|when i am gone|so they (?:will )?(?:understand|know)|understand why|explain why|goodbye)\\b',
    '\\b(?:when|after|once|before) i am (?:gone|dead|no longer (?:here|around|alive))\\b(?! (?:on|for|to|away|travell?ing))',
    '\\b(?:will not|not) (?:be (?:around|here) (?:much|any) longer|be (?:a|anyone s|anyones|a problem for anyone|anyone s problem) (?:problem|burden)?|need (?:them|it|any of (?:it|this|them)) (?:anymore|any more|much longer|where i am going|soon))\\b',
    '\\b(?:will not|not) be (?:a )?(?:problem|burden) (?:to|for) (?:anyone|anybody|everyone|you|them) (?:much|any) longer\\b',
    '\\b(?:soon )?i will not be (?:anyone s|anyones|your|their) problem\\b',
    '\\bmade (?:my )?peace with (?:it|dying|death|the end|leaving)\\b',
    '\\bgiv(?:e|ing|en) away (?:all )?(?:of )?(?:my|most of my) (?:\\w+ )?(?:things|stuff|belongings|possessions|prized|favourite|favorite|treasures|pets?|dog|cat|guitar|collection|savings)\\b',
    '\\bgiv(?:e|ing|en) (?:all )?(?:my|most of my) (?:things|stuff|belongings|possessions) away\\b',
    // means and preparations
    '\\b(?:saving|saved|stockpil\\w*|hoard\\w*|collect(?:ing|ed)|stash(?:ing|ed)?|hiding|hidden|gathering|gathered) (?:up )?(?:my |all my |some |enough |a lot of |extra )?(?:\\w+ ){0,3}{MEDS}\\b',
    '\\benough {MEDS} (?:to|for)\\b',
    '\\b(?:bought|buy|buying|got|have|get) (?:a |some )?(?:rope|noose|hose)\\b(?! (?:for|to) (?:climb|climbing|the boat|camping|tow|swing|my dog|the dog|the garden|skipping|sail))',
    '\\b(?:tie|tying|tied) (?:a )?noose\\b',
    '\\b(?:worked out|figured out|planned|plan|thought about|thinking about|decided|know) (?:exactly )?(?:how|when|where) (?:i (?:would|will|am going to|could|can)|to) (?:do it|end it|end things|go through with it|kill myself|die)\\b',
    '\\bgo through with it\\b',
    // a cut made as a way of coping ("when the stress is too much") is self-harm, read below
    '\\b(?:slit|slash|cut|cutting|slitting|slashing) (?:my |your |his |her |the )?wrists?\\b(?! (?:when|whenever|every time|each time|if) (?:the |i |it |things |my |everything )?(?:stress|stressed|anxious|anxiety|overwhelmed|upset|angry|sad|bad|too much|feel|get|gets|is too|all gets)| to cope)',
    '\\b(?:jump|jumping|throw myself|step|stepping|walk|walking) (?:off|from|in front of) (?:a |the |my )?(?:bridge|building|roof|train|cliff|balcony|tower|car|bus|lorry|truck|ledge|overpass|tracks)\\b(?! (?:into the (?:lake|sea|river|water)|for fun))',
    // questions about doses and methods
    '\\b(?:painless|quick|quickest|easiest|best|surest|peaceful|fastest|simplest|least painful|most painless|reliable) (?:way|ways|method|methods) to (?:die|go|end it|end my life|kill myself|not wake up|end things|commit)\\b',
    '\\b(?:how|ways) to (?:kill myself|end my life|commit suicide|die painlessly|die peacefully|die quickly|die in my sleep)\\b',
    '\\b(?:lethal|fatal|deadly|toxic|overdose) (?:dose|amount|quantity|level)\\b',
    '\\b(?:how many|how much)\\b.{0,60}\\b(?:to (?:die|be fatal|be lethal|kill (?:you|me|a person|someone|myself)|overdose|not wake up|never wake up|stop (?:my|your) heart)|(?:is|be|would be|are) (?:fatal|lethal|deadly)|does it take)\\b',
    '\\bwhat (?:would |will )?happens? if (?:you|i|someone|somebody|a person|my \\w+) (?:took|take|takes|swallow\\w*|drank|drink|drinks|ate|eat|mixed|mix) (?:{LOTS}|{MEDS}|[1-9][0-9]+ )',
    '\\bhow (?:high|tall|far)\\b.{0,60}\\b(?:fatal|die|kill|lethal|survive|death)\\b',
    '\\b(?:can|will|does|would) (?:you|i|a person|someone) (?:die|survive) (?:from|if|after)\\b',
  ]),
  topic: compile([
    '\\bsuicid\\w*\\b',
    '\\bsuicidal\\b',
    '\\bkill (?:my ?self|yourself)\\b',
    '\\bwant to be dead\\b',
  ]),
};

const SELF_HARM: CategoryRules = {
  strong: compile([
    '\\b(?:cut|cutting|cuts|burn|burning|burnt|burned|hurt|hurting|hurts|harm|harming|harmed|hit|hitting|punch|punching|scratch|scratching|scratched|bite|biting|carve|carving|carved|stab|stabbing|slice|slicing|injure|injuring|injured|mutilate|mutilating|bruise|bruising) (?:myself|my self|my (?:arms?|wrists?|legs?|thighs?|skin|stomach|hands?))\\b(?! (?:when i (?:type|run|lift|train|play|work|cook)|while|at (?:the )?(?:gym|work|desk)|typing|from|by (?:typing|lifting|running)|on the|lifting|running))',
    '\\bself (?:harm|harming|harmed|harmer|injury|injure|injuring|injured|mutilation|mutilate|mutilating)\\b(?! (?:awareness|support|training|course|prevention|services?|charity|research|essay|policy))',
    '\\b(?:relapsed|relapse|relapsing)\\b.{0,30}\\b(?:cut|cutting|cuts|harm|harming|burn|burning|blade|razor)\\b',
    '\\b(?:cut|cutting|cuts|scratching|burning) (?:again|myself again)\\b',
    '\\b(?:fresh|new|deep|open|old) (?:cuts|scars|marks|wounds|burns)\\b(?! (?:on the (?:car|table|floor|wall|door|paint)))',
    '\\bhide (?:the |my |these |those |fresh |new )?(?:scars|cuts|marks|burns|wounds)\\b',
    '\\b(?:long sleeves|sleeves|bracelets|plasters)\\b.{0,40}\\b(?:hide|cover|nobody sees|no one sees|so nobody|so no one)\\b.{0,30}\\b(?:marks|scars|cuts|arms|wrists|burns)\\b',
    '\\b(?<!\\b(?:tan|stretch|sock|strap|sheet|pillow|pressure|laughter|frown|worry|pen|paint|chalk|grass|seatbelt|watch) )(?:marks|scars|cuts|burns|lines) on my (?:arms?|forearms?|wrists?|legs?|thighs?|stomach|skin)\\b',
    '\\b(?:razor|razors|blade|blades)\\b.{0,30}\\b(?:just in case|wallet|purse|bad (?:nights?|days?)|arms?|wrists?|thighs?|skin|cope|coping|relief|feel something|drawer|helps|help me)\\b',
    '\\b(?:helps?|help me|cope|coping|relief)\\b.{0,25}\\b(?:razor|razors|blade|blades)\\b',
    '\\bdraw(?:s|ing)? blood\\b',
    '\\b(?:pick|picking|picked) (?:at )?(?:my )?(?:scabs|skin|wounds|cuts)\\b.{0,30}\\b(?:never heal|until it bleeds|bleed|raw|on purpose)\\b',
    '\\bwhen i (?:feel|get|am) (?:\\w+ ){1,2}i (?:cut|burn|hurt|harm|scratch|hit)\\b(?! (?:out|down|back|corners|my hair|costs|the gym|snooze|send|a|the))',
    '\\bcannot stop (?:cutting|self harming|hurting myself|burning myself|scratching myself|harming myself)\\b(?! (?:corners|back|down|costs|out))',
    '\\b(?:pour|pouring|poured|put|putting|hold|holding) (?:boiling water|hot water|bleach|acid|a lighter|a flame|hot metal|ice) (?:on|onto|against|over) my (?:arm|arms|skin|leg|legs|hand|hands|wrist|body|thigh|stomach)\\b',
    '\\b(?:want|need|going) to use (?:a|the|my) (?:blade|razor)\\b(?! (?:to shave|for shaving))',
    '\\b(?:smash|smashing|hit|hitting|break|breaking) my (?:own )?(?:hand|hands|fingers?|arm|leg|foot|knee)s? with (?:a|the) (?:hammer|rock|brick|door)\\b',
    '\\bpunish(?:ing)? (?:my body|my skin|myself physically)\\b',
    '\\bcut(?:ting)? (?:myself )?deeper\\b(?! into)',
    '\\b(?:hit|hitting|hurt|hurting|cut|cutting|burn|burning|bang|banging|scratch|scratching|punch|punching|bruise|bruising|injure|injuring)\\b.{0,30}\\b(?:on purpose|deliberately|purposely|intentionally)\\b|\\b(?:on purpose|purposely|deliberately) (?:hit|hurt|cut|burn|bang|scratch|punch)\\b',
    '\\bmake (?:myself|me) (?:bleed|hurt|bruise|suffer|feel pain)\\b',
    '\\b(?:arms|legs|thighs|wrists|body|skin|stomach) (?:are |is )?(?:covered in|full of) (?:cuts|scars|burns|marks|scratches)\\b',
    '\\b(?:urges?|the urge|cravings?|craving) to (?:cut|burn|self harm|hurt myself|harm myself)\\b(?! (?:sugar|down|back|carbs|costs|corners|hair|the grass|ties|my hair|out|calories|fat|spending))',
    '\\b(?:slam|slamming|slammed|punch|punching|punched|hit|hitting|bang|banging|banged|smash|smashing|smashed) (?:my )?(?:fists?|hands?|knuckles)\\b (?:into|against|on) (?:the |a )?(?:wall|walls|door|floor|desk|mirror)\\b',
    '\\b(?:on|against|into) my (?:skin|arms?|wrists?|legs?|thighs?|stomach)\\b.{0,25}\\b(?:until|till)\\b',
    '\\bscars\\b.{0,40}\\b(?:do it again|want to again|again)\\b',
    '\\b(?:hurting|harming|cutting|burning|hitting|punishing) (?:my body|myself|my skin|my arms|my legs|my wrists|my thighs)\\b.{0,25}\\b(?:cope|how i|helps|only way|release|relief|deserve|on purpose|feel better|calm)\\b',
    '\\b(?:hit|hitting|beat|beating|punch|punching) my (?:own )?(?:legs?|arms?|head|face|stomach) (?:with|until|when|against)\\b',
    '\\b(?:want|wanting|wanted|urges?|need|needing|tempted|craving) to (?:cut|burn|self harm|scratch|hurt) (?:again|so bad|so badly|tonight|badly|deeper|myself)\\b|\\b(?:want|wanting|wanted|urges?|need|needing|tempted) to (?:cut|burn|self harm)$',
    '\\b(?:cutting|burning myself|hurting myself|self harm|scratching myself|the pain)\\b (?:is|was|helps|makes|calms)\\b.{0,25}\\b(?:only|better|calm|relief|cope|numb)\\b',
    '\\b(?:carve|carving|carved|cut|cutting|scratch|scratching|etch|etching|burn|burning|burned|burnt) (?:\\w+ ){0,2}(?:into|in|on|onto) my (?:skin|arms?|legs?|wrists?|thighs?|stomach|body)\\b',
    '\\b(?:until|till|til) (?:it|i|they|my \\w+) (?:bleeds?|bled|bleed|bruises?|bruised|draws? blood|split|splits|break|breaks|is raw|are raw)\\b',
    '\\b(?:using|use|used|took|take|taking) (?:a |the |my )?(?:knife|blade|razor|lighter|scissors|compass|glass|needle|pins?)\\b.{0,8}\\bon (?:my|myself)\\b(?! (?:hair|nails|beard|food|steak|bread))',
    '\\b(?:punch|punching|punched|hit|hitting|kick|kicking) (?:the )?walls?\\b.{0,30}\\b(?:until|till|to feel|bleed|hurt myself|knuckles)\\b',
    '\\b(?:to |just to |so i can )feel (?:something|anything|the pain|pain|real)\\b(?! (?:again when|when|for|about|new|positive|good|creative|inspired|from|like))',
    '\\b(?:want|need) to feel (?:pain|physical pain|the pain|hurt)\\b',
    '\\b(?:deserve|deserved) (?:the |to feel )?(?:pain|to hurt|to suffer|to bleed)\\b',
    '\\bpunish(?:ing)? myself\\b(?! (?:less|for (?:small|little|minor)))',
    '\\bbang(?:ing|ed)? my head (?:against|on|off) (?:the|a) (?:wall|floor|desk|door)\\b (?:when|until|to|if|every|whenever)',
  ]),
  topic: compile(['\\bself harm\\w*\\b']),
};

const EATING: CategoryRules = {
  strong: compile([
    '\\bstarv(?:e|ing|ed) (?:myself|my self|my body)\\b(?! of (?:sleep|fun|rest|attention|joy|time|oxygen))',
    '\\bmake (?:myself|me) (?:throw up|sick|vomit|puke|be sick)\\b',
    '\\bmade myself (?:throw up|sick|vomit|puke|be sick)\\b',
    '\\b(?:throw|throwing|threw|being) (?:it )?up after (?:every |each |my |i )?(?:meal|meals|eating|dinner|lunch|food|eat|binge)',
    '\\b(?:purge|purging|purged|purges|binge and purge|binging and purging|bingeing and purging)\\b',
    '\\blaxatives?\\b.{0,40}\\b(?:after|to (?:lose|get rid|stay|keep)|every|when i eat|weight)\\b',
    '\\b(?:after|to (?:lose|get rid|stay|keep))\\b.{0,30}\\blaxatives?\\b',
    '\\b(?:fingers|toothbrush|spoon) down my throat\\b',
    '\\bchew(?:ing)? (?:\\w+ ){0,2}(?:and|then) spit(?:ting)?\\b',
    '\\b(?:pro ana|pro mia|thinspo|thinspiration|meanspo|bonespo)\\b',
    // not eating for days
    '\\b(?:not|never|did not|have not|has not|not had|gone without|go without|going without|went without|no) (?:eaten|eat|eating|food|anything to eat|a meal|any food|a proper meal|solid food)(?: anything| a thing)? (?:in|for) (?:like |about |around |nearly |almost |over |more than )?(?:days|a week|weeks|over a week|(?:{LOTS}|two|three|four|five|six|seven|several|a few|a couple of|[2-9]|[1-9][0-9]) (?:days|weeks))\\b',
    '\\bnot (?:eaten|eat|had (?:any )?food|had a meal) (?:anything )?since (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|last week|the weekend|[a-z]+ days ago)\\b',
    '\\bwithout (?:food|eating|a meal)(?: for)? (?:a week|days|weeks|(?:two|three|four|five|six|seven|several|a few|[2-9]|[1-9][0-9]) (?:days|weeks))\\b',
    '\\bgo (?:a week|(?:two|three|four|five|six|seven|several|a few|[2-9]|[1-9][0-9]) (?:days|weeks)) without (?:food|eating)\\b',
    '\\b(?:stop|stopped|quit) eating (?:completely|altogether|entirely|for good|at all)\\b',
    `\\b(?:want|going|plan|trying|try) to stop eating\\b${EVERYDAY_STOP}`,
    '\\bstopped eating\\b(?! (?:out|meat|sugar|junk|dairy|gluten|late|after (?:\\d|dinner|dark|supper|tea|[a-z]+ pm|[0-9]+ ?pm)|processed|takeaways?|fast food|bread|carbs|so much|at|chocolate|crisps|sweets|snacks|red meat|fried))',
    '\\b(?:hide|hiding|hid|throw away|throwing away|threw away|bin|binning) (?:my |the )?(?:food|meals?|lunch|dinner)\\b.{0,50}\\b(?:think i ate|think i have eaten|not notice|do not know|pretend)\\b',
    '\\bpretend (?:that )?i (?:ate|have eaten|already ate|already had)\\b',
    '\\bearn (?:my|the right to|the right to eat|my right to) (?:food|meals?|dinner|lunch|eating|eat)\\b',
    '\\b(?:guilty|disgusting|ashamed|sick) after (?:eating|i eat) (?:anything|any food|even a little|at all|something)\\b',
    '\\b(?:want|goal|need) (?:to be |to get |is to be )?(?:underweight|skeletal|bony|emaciated)\\b(?! for)',
    '\\b(?:eaten|eat|eating|had) nothing (?:for|in) (?:days|a week|(?:two|three|four|five|six|seven|several|a few|[2-9]) days)\\b',
    '\\b(?:avoid|skip|get out of) eating\\b(?! (?:out|junk|late|meat|sugar|processed|fast food|takeaways?|after))',
    '\\b(?:periods?) (?:have |has )?stopped\\b.{0,40}\\b(?:weight|fat|eating|thin)\\b|\\b(?:weight|eating|thin)\\b.{0,40}\\bperiods? (?:have |has )?stopped\\b',
    '\\blost\\b.{0,40}\\bstill (?:feel|look|think i am) (?:fat|huge|big|disgusting)\\b',
    '\\b(?:skinny|thin|lose weight|weight)\\b.{0,20}\\beven if it kills me\\b',
    '\\bnot (?:had|eaten) (?:anything|any food|food) (?:but|except|apart from|other than) (?:water|coffee|tea|diet coke)\\b',
    '\\bso (?:that )?i (?:do not|will not|cannot|never) (?:have to )?eat\\b(?! (?:junk|sweets|snacks|crisps|takeaway|out|late|too much|so much|fast food|badly))',
    '\\bonly eat (?:every|once every) (?:other|second|third|two|three|few) days?\\b(?! (?:at|out|in))',
    '\\b(?:afraid|scared|terrified|frightened) of (?:food|eating|calories|gaining)\\b',
    '\\b(?:drink|drinking|have|having|eat|eating|live on|living on) (?:only |just )?(?:\\w+ ){0,2}(?:diet coke|water|black coffee|coffee|tea|gum|ice)\\b (?:only |and nothing else )?for (?:days|a week|weeks|\\w+ days)\\b',
    '\\b(?:panic|panicky|anxious|guilty|terrified|scared)\\b.{0,20}\\bif i eat (?:more than|anything|too much)\\b',
    '\\b(?:stopped|stop|not) eating\\b.{0,40}\\b(?:faint|fainting|pass out|passing out|dizzy)\\b',
    '\\b(?:\\d+|a lot of|lots of|loads of|many|too many|handfuls of) laxatives?\\b',
    '\\beat\\w*\\b.{0,50}\\bget rid of (?:it|the food|what i|everything|the calories)\\b',
    '\\b(?:in control|powerful|proud|good|clean|better|strong|safe) when i (?:do not|do not have to|am not) eat(?:ing)?\\b',
    '\\bhate myself (?:when|after|for|every time) (?:i )?(?:eat|eating|ate)\\b',
    '\\bwhen i eat\\b.{0,20}\\bso i (?:try not to|do not|will not|stopped)\\b',
    '\\bspit(?:ting)? (?:out )?(?:my |the |all my )?(?:food|meals?|dinner|lunch)\\b(?! (?:poisoning|safety))',
    '\\b(?:get|getting|got) (?:it|the food|everything|food|what i ate) out of (?:my body|me|my system|my stomach)\\b',
    '\\b(?:fasting|fasted|fast|not eating) (?:for )?(?:(?:two|three|four|five|six|seven|eight|nine|ten|several|[2-9]|1[0-9]) days|days|a week|weeks)\\b.{0,30}\\b(?:lose weight|thin|skinny|heart|dizzy|faint|straight|shaky|weak)\\b',
    '\\b(?:vomit|vomiting|puke|puking|be sick|being sick|throw up|throwing up|threw up)\\b (?:\\w+ )?after (?:every |each |my |i |dinner|lunch|breakfast|meals?|eating|food)',
    '\\bskip (?:eating|meals|food) (?:all|for a|for the|for) (?:\\w+ )?(?:week|days|whole)\\b',
    '\\b(?:stop|suppress|ignore|numb) (?:feeling )?(?:hungry|hunger|my appetite)\\b.{0,20}\\b(?:skip|not eat|stop eating|go without|eat less|fast)\\b',
    '\\b(?:so|really|super|very) (?:thin|skinny) (?:that )?(?:my )?(?:bones|ribs|hip bones|hipbones|collarbones|spine) (?:show|stick out|are visible)\\b',
    '\\b(?:see|feel|count) (?:all )?my (?:ribs|hip bones|hipbones|collarbones|spine|bones)\\b',
    '\\b(?:force|forcing|forced) myself to (?:throw up|vomit|be sick|puke|purge)\\b',
    `\\b(?:even if i have to|if i have to|whatever it takes|by any means|need to|have to|going to|i will|should) (?:just )?(?:stop eating${EVERYDAY_STOP}|starve|starve myself|not eat(?: anything)?|skip (?:every|all) meals?)\\b`,
    '\\beat(?:ing)? (?:once|one meal|one time|only) (?:every|in) (?:two|three|four|five|few|a few|couple of|a couple of|several|other|[2-9]) days?\\b',
    '\\b(?:throw|throwing|threw|bring|bringing|brought) up (?:everything|all|whatever|anything|most of what|what) i (?:eat|ate)\\b',
    '\\b(?:throw up|vomit|vomiting|purge|purging|make myself sick|be sick)\\b.{0,30}\\b(?:lose weight|stay thin|get thin|skinny|calories|not gain)\\b',
    '\\b(?:terrified|scared|afraid|frightened|petrified) (?:of|to) (?:gaining|gain|putting on|put on) (?:any )?weight\\b',
    '\\b(?:barely|hardly|almost never|rarely) (?:eat|eating|ate)(?: anything| at all| a thing| any food)?\\b',
    '\\beat(?:ing)? (?:almost |practically )?nothing\\b(?! (?:but|after|before|else|processed|fried|sugary))',
    '\\bby (?:not eating|starving|skipping (?:all )?meals|barely eating|not eating anything)\\b',
    '\\b(?:scared|afraid|terrified) to eat\\b',
    '\\b(?:skip|skipping|skipped) (?:meals?|eating|dinner|lunch|breakfast) (?:as|to) (?:punishment|punish)\\b',
    '\\b(?:punish|punishing|punished) myself (?:by|with) (?:not eating|skipping|starving|fasting)\\b',
    '\\b(?:do not|will not|not) (?:eat|let myself eat)(?: anything)? (?:if|until|unless|as punishment)\\b',
    '\\bonly (?:allow|let) myself (?:to eat )?(?:one|a single|an?|half an?|two|[1-9]) \\w+(?: \\w+)? (?:a|per|each) day\\b',
    '\\bonly (?:eat|eating|ate|have) (?:one|a single|an?|half an?) (?:apple|banana|cracker|rice cake|piece of fruit|meal|yoghurt|yogurt) (?:a|per|each) day\\b',
    '\\b(?:hide|hiding|hid)\\b.{0,40}\\b(?:not eating|i am not eating|i do not eat|my eating|i throw up|i have not eaten)\\b',
    '\\bsuppress (?:my )?(?:hunger|appetite)\\b.{0,40}\\b(?:without food|not eat|stop eating|days|week|thin|skinny)\\b',
    '\\b(?:feel|felt|feeling) (?:so )?(?:disgusting|gross|fat|guilty|sick) after (?:every|each|any) (?:bite|meal|mouthful|thing i eat)\\b',
    '\\bweigh myself (?:\\w+ ){0,2}(?:times|x) (?:a|per|each) day\\b',
    '\\bproud (?:that|of) (?:i have not|not|i did not|not having) (?:eaten|eating|eat)\\b',
    '\\buntil i (?:pass out|faint|collapse|black out|throw up)\\b.{0,40}\\b(?:burn|calories|ate|eat|food|weight)\\b',
    '\\b(?:burn|burning) off (?:what|everything|every calorie|all) i (?:ate|eat|have eaten)\\b.{0,30}\\b(?:until|till|or i|even if)\\b',
  ]),
  topic: compile([
    '\\b(?:anorexi\\w*|bulimi\\w*|binge eating disorder|eating disorders?|ednos|arfid)\\b',
  ]),
  checks: [
    // a calorie target or a BMI no one should be coached towards
    (text) => {
      const match =
        /\b(?:under|less than|below|only|just|max|maximum of|no more than|eat|eating|on|at|is|of|goal|target|limit) (\d{2,3}) ?(?:calories|kcal|cals|cal)\b/.exec(
          text,
        ) ?? /\b(\d{2,3}) ?(?:calories|kcal|cals|cal) (?:a|per|each) day\b/.exec(text);
      return (
        match !== null &&
        Number(match[1]) < 800 &&
        !/\b(?:burn|burned|burnt|snack|treat|extra|deficit|fewer|less sugar|per (?:serving|portion|100))\b/.test(
          text,
        )
      );
    },
    // a calorie count, then a number that low
    (text) => {
      const match =
        /\b(?:calories?|kcal|cals?)\b.{0,40}\b(?:under|below|less than|only|max|eat) (\d{2,3})\b/.exec(
          text,
        );
      return match !== null && Number(match[1]) < 800 && !/\bburn/.test(text);
    },
    // vomiting, skipping food or laxatives to keep weight off
    (text) =>
      /\b(?:not|never|cannot|stop) (?:gain|gaining|put on|putting on) (?:any )?weight\b/.test(
        text,
      ) &&
      /\b(?:vomit\w*|throw up|sick|purg\w*|skip\w*|not eat\w*|starv\w*|laxatives?|fast for days)\b/.test(
        text,
      ),
    // a very low weight reached and still wanting less
    (text) => {
      if (
        !/\b(?:lose more|lose another|still (?:fat|too big|huge)|thinner|more weight)\b/.test(text)
      )
        return false;
      if (!/\b(?:kg|kilos?|lbs?|pounds|weigh\w*|stone)\b/.test(text)) return false;
      return [...text.matchAll(/\b(\d{2,3})\b/g)].some(
        ([, n]) => Number(n) >= 25 && Number(n) < 45,
      );
    },
    (text) => {
      const kg =
        /\b(?:get|getting|down to|reach|weigh|be|under|below|goal is|target is|to|less than|than) (\d{2,3}) ?(kg|kilos?|lbs?|pounds)\b/.exec(
          text,
        );
      if (!kg) return false;
      const value = Number(kg[1]);
      return kg[2]?.startsWith('k') ? value < 42 : value < 92;
    },
    (text) => {
      const match = /\bbmi (?:down )?(?:to|of|under|below|at) (\d{1,2})\b/.exec(text);
      return match !== null && Number(match[1]) < 17;
    },
  ],
};

const ABUSE: CategoryRules = {
  strong: compile([
    // violence by a partner, family member or someone in the home
    '\\b(?:he|she|they|{KIN}|my (?:\\w+ )?{KIN}|(?:his|her) (?:\\w+ )?{KIN}) (?:still |sometimes |often |always |keeps |has |had |just |then |also |even |once )?(?:hits|hit|hitting|beats|beat|beating|chokes|choked|choking|strangles|strangled|strangling|kicks|kicked|kicking|slaps|slapped|slapping|punches|punched|punching|rapes|raped|molests|molested|molesting|abuses|abused|abusing|smacks|smacked|whips|whipped|burns|burned|burnt|bites|bit|spits on|spat on|stabbed|headbutted|hurts|hurt|hurting|threatens|threatened|threatening|stalks|stalked|stalking|follows|followed) (?:me|him|her|us|them|my (?:\\w+ )?{CHILD}|the (?:\\w+ )?{CHILD}|my (?:\\w+ )?{KIN})\\b(?! (?:up|off|back|on (?:instagram|twitter|tiktok|social media|facebook|linkedin|strava|youtube)|with (?:a|an|the) (?:idea|question|request|bill|deadline|task)|to (?:it|the|work|run|train|do|be|study|try|get|finish|improve)|hard(?:er)?\\b|(?:in|at) (?:chess|tennis|cards|games?|a race|the race|squash|golf|the game|scrabble|running|fifa|monopoly|poker|pool|darts|arm wrestling)|\\w+ (?:goals?|targets?|record|pb)\\b))',
    '\\b(?:pushed|pushes|shoved|shoves|threw|throws|dragged|drags|pinned|pins|slammed|slams) (?:me|him|her|my (?:\\w+ )?{CHILD}) (?:down|into|against|over|off|out of|onto|to the (?:floor|ground)|across)\\b',
    '\\b(?:grabbed|grabs|grabbing|held|holds|squeezed) (?:me|him|her) by (?:the |my |his |her )?(?:throat|neck|hair|arm|wrist)\\b',
    '\\b(?:grabbed|grabs|grabbing|held|squeezed) (?:my|his|her) (?:throat|neck)\\b',
    '\\b(?:i|she|he|we) (?:was|were|am|is|are|have been|has been|had been|got|get|been|being) (?:\\w+ )?(?:raped|sexually assaulted|sexually abused|molested|groped|beaten up|beaten|abused|assaulted|strangled|choked|trafficked|groomed)\\b',
    '\\b(?:forced|forces|forcing|made|makes|pressured|pressures) (?:me|him|her) (?:to )?(?:have sex|into sex|sleep with|do sexual|into sexual|watch porn|do things i)\\b',
    '\\b(?:forced|forces) (?:himself|herself) on me\\b',
    '\\b(?:touches|touched|touching) (?:me|him|her|my (?:\\w+ )?{CHILD})\\b.{0,40}\\b(?:secret|inappropriately|private|at night|in bed|in the bath|under (?:her|his|my) clothes|where i do not want|when i (?:say|said) no|do not want|not to tell|wrong|if i tell|if i told|if i say)\\b',
    '\\b(?:said|says|told|tells|telling) (?:me|him|her) (?:not to tell|it is our secret|to keep it (?:a|our) secret|nobody would believe)\\b',
    '\\bnot to tell\\b(?! (?:the )?(?:surprise|spoilers?|anyone about the (?:party|surprise|gift)))',
    '\\b(?:nobody|no one|noone) (?:would|will) (?:ever )?believe me\\b',
    '\\bthreaten(?:s|ed|ing)? (?:to (?:kill|hurt|harm|beat|hit|take the (?:kids|children|baby)|take my (?:kids|children|baby)|throw me out|leave me with nothing|share|post|kill himself|kill herself)|me\\b)',
    '\\b(?:if|when) i (?:ever )?(?:leave|tell|go|report|call the police)\\b.{0,50}\\b(?:kill|hurt|harm|take the (?:kids|children)|lose the (?:kids|children)|take my (?:kids|children)|find me|make me pay)\\b',
    '\\b(?:lose|losing) (?:the|my) (?:kids|children|baby) if i (?:tell|told|leave|left|go|report)\\b',
    '\\b(?:he|she|they|{KIN}|my (?:\\w+ )?{KIN}) (?:is|are) (?:going to|gonna) (?:kill|hurt) me\\b',
    // coercive control
    '\\b(?:he|she|they|my (?:\\w+ )?{KIN}) (?:\\w+ )?(?:checks|checked|checking|goes through|went through|reads|read|monitors|monitored|tracks|tracked|tracking|controls|controlled|controlling|takes|took|keeps|kept|hides|hid|smashed|smashes|broke|breaks) (?:all )?(?:of )?(?:my|our) (?:phone|messages|texts|emails|location|spending|receipts|bank|bank account|money|wages|salary|pay|benefits|bank card|cards?|passport|documents|keys|car keys|medication|whereabouts)\\b',
    '\\b(?:controls|control|controlling|takes|took|keeps) (?:all )?(?:of )?(?:the|our|my) (?:money|finances|wages|salary|pay|bank card|cards?|passport)\\b.{0,40}\\b(?:ask|allowed|permission|bus fare|have to|no access|nothing)\\b',
    '\\b(?:will not|does not|did not|never|refuses to|won t) (?:let|allow) me (?:to )?(?:see|talk to|speak to|visit|call|phone|text|go out with|meet) (?:my |any )?(?:friends|family|parents|mum|dad|sister|brother|anyone|anybody|people|her|him|them|grandmother|grandfather|nan|grandma|grandad|kids|children)\\b',
    '\\b(?:will not|does not|did not|never|refuses to) (?:let|allow) me (?:to )?(?:wear what|leave|go out|work|have (?:a |my own )?(?:job|money|phone|bank|friends|car keys|key|keys)|drive|sleep|eat)\\b(?! (?:on school nights|until (?:i|my homework)|after|before|past))',
    '\\bnot allowed to (?:leave the house|leave home|leave (?:my|the) room|go out alone|go out on my own|see (?:my )?(?:friends|family)|have (?:a |my own )?(?:bank|money|phone|bank card|friends|job)|talk to (?:anyone|other|my)|work|drive|wear what)\\b',
    '\\b(?:ask|asking|get|need) (?:his |her |their |for )?permission (?:to|before) (?:leave|leaving|go out|going out|see|seeing|spend|spending|buy|buying|eat|eating|talk|wear|go anywhere)\\b',
    '\\b(?:scared|afraid|terrified|frightened) (?:to go home|to go back home|of going home|to be at home|of (?:my|our|her|his|their) (?:\\w+ )?{KIN}|of him|of her|of what (?:he|she|they) (?:will|might|would) do|for my (?:life|safety)|he will|she will|he might|she might)\\b',
    '\\bwalking on eggshells\\b',
    '\\b(?:neighbou?r|man next door|woman next door|he|she|they)\\b (?:\\w+ )?(?:hits|beats|kicks|slaps|punches|hurts|burns|starves) (?:his|her|their) (?:\\w+ )?(?:{CHILD}|kids|wife|husband|partner|dog)\\b',
    '\\block(?:s|ed)? (?:me|us|him|her|them|my (?:\\w+ )?{CHILD}) out\\b(?! of (?:my|the|his|her) (?:account|computer|phone|laptop))',
    '\\b(?:sexual|explicit|sexy|dirty) (?:messages|photos|pictures|texts|comments|videos|pics)\\b',
    '\\b(?:sleep with|have sex with)\\b.{0,20}\\bor (?:be |get |i will be |i get )?(?:evicted|fired|sacked|kicked out|lose)\\b|\\b(?:have to|has to|must) sleep with (?:him|her|them)\\b',
    '\\b(?:he|she|they|{KIN}) (?:\\w+ ){0,3}(?:use it|use the gun|use the knife|use a knife|use a gun|shoot|stab) (?:on )?me\\b',
    '\\b(?:covered in|full of) bruises\\b(?!.{0,20}\\b(?:rugby|football|hockey|training|match|climbing|fall|fell|gym|bike|skating)\\b)',
    '\\b(?:forced|forcing|made|making|pressured|pressuring) (?:me )?(?:to )?(?:marry|into (?:a )?marriage|get married|have an abortion|get an abortion|get pregnant)\\b',
    '\\bstarv(?:es|ed|ing) (?:me|us|him|her|them|my (?:\\w+ )?{CHILD})\\b',
    '\\b(?:grabs|grabbed|squeezes|squeezed|holds|held|hits|hit|pinches|pinched) me (?:so |hard|hard enough|until|that)\\b.{0,25}\\b(?:bruises?|marks|hurts|bleed)\\b',
    '\\b(?:makes?|made|forces?|forced|keeps?|kept) (?:me|him|her|us|them|my (?:\\w+ )?{CHILD}) (?:to )?(?:stay|sleep|sit|wait)\\b.{0,40}\\b(?:no food|without food|not fed|nothing to eat|for days)\\b',
    '\\b(?:meet|see) (?:him|her|them) alone\\b.{0,30}\\b(?:not tell|secret|nobody|no one)\\b|\\bnot tell anyone\\b(?! about (?:the|my|our) (?:surprise|party|gift|plans?))',
    '\\b(?:nobody|no one) else (?:would|will|could) (?:ever )?(?:want|love|have) me\\b',
    '\\bmakes me (?:feel|think i am) (?:crazy|insane|mad|stupid)\\b',
    '\\b(?:forces|forced|makes|made) me (?:to )?do (?:stuff|things)\\b.{0,25}\\b(?:do not want|at night|in bed|sexual|secret|not to tell)\\b',
    '\\b(?:{KIN}|he|she)\\b.{0,30}\\b(?:coming home|comes home|walks in|gets home)\\b.{0,20}\\b(?:shaking|shake|panic|freeze|terrified|scared|hide)\\b',
    '\\b(?:makes?|made|forces?|forced) (?:me|him|her|us|them|my (?:\\w+ )?{CHILD}) (?:to )?(?:sleep|stay|stand|kneel|wait) (?:outside|in the (?:cold|garden|yard|shed|car|garage|street))\\b',
    '\\b(?:he|she|they) (?:will|would|is going to|says (?:he|she|they) (?:will|would))\\b (?:\\w+ ){0,3}(?:tell|post|share|ruin|hurt|kill|take|report|destroy|lie|spread)\\b.{0,40}\\bif i\\b',
    '\\b(?:marks|bruises|burns|cuts)\\b.{0,30}\\b(?:scared of|afraid of|terrified of) (?:our|my|her|his|their) (?:\\w+ )?{KIN}\\b',
    '\\b(?:watches|watched|films|filmed|photographs|photographed|peeks at|spies on) me (?:in the (?:shower|bath|bathroom)|undress|getting undressed|changing|sleep)\\b',
    '\\b(?:will not|does not|did not|never|refuses to) (?:let|allow) me (?:to )?(?:go to (?:the )?(?:doctor|doctors|hospital|gp)|see a doctor|get help|take my (?:medication|meds)|use the phone)\\b',
    '\\b(?:live|living) in fear (?:of|that)\\b',
    '\\b(?:he|she|they|{KIN}|my (?:\\w+ )?{KIN}) (?:cuts|cut|scratches|scratched|burns|burned|burnt) me\\b(?! (?:off|out|some|a|slack|down|up))',
    '\\b(?:keeps|kept|stops|stopped|prevents|prevented) me (?:from )?(?:seeing|talking to|visiting|calling|contacting|going out with) (?:my )?(?:friends|family|parents|mum|dad|sister|brother|anyone)\\b',
    '\\blocked (?:me )?out (?:of the house|of home|outside)\\b.{0,30}\\b(?:night|punishment|cold|hours)\\b',
    '\\b(?:will|would|is going to) (?:kill|hurt) (?:us|me|her|them|mum|the kids|you|us all)\\b.{0,20}\\bif (?:\\w+ ){0,2}(?:leaves|leave|tells|tell|goes|go|reports)\\b',
    '\\binappropriate (?:messages|photos|pictures|touching|texts|comments|videos)\\b',
    '\\bkeep (?:it|them|this|these) (?:a |our )?secret\\b(?!.{0,20}\\b(?:party|surprise|gift|present)\\b)',
    '\\block(?:s|ed)? (?:the )?(?:fridge|food|kitchen|cupboards?|pantry)\\b.{0,40}\\b(?:hungry|starving|not allowed|cannot eat|no food)\\b',
    '\\bthreaten(?:s|ed|ing)? to (?!(?:leave|quit|resign|cancel|stop|move out|call off|break up|go|disown|ground|unfriend|block)\\b)\\w+\\b.{0,50}\\bif i\\b',
    '\\bthreaten\\w* to\\b.{0,30}\\b(?:take|taking) (?:the|my|our) (?:kids|children|baby|son|daughter)\\b',
    '\\b(?:scared|afraid|terrified) to tell (?:anyone|anybody|my \\w+)\\b.{0,30}\\b(?:does to me|did to me|is doing to me|happened)\\b|\\bwhat (?:he|she|my \\w+) (?:does|did|is doing) to me\\b',
    '\\b(?:makes?|made|forces?|forced) me (?:to )?(?:send|share|show|tell|report|check in|text|call)\\b.{0,30}\\b(?:where i am|where i was|my location|who i am with|every hour|all day|photos|proof)\\b',
    '\\b(?:made|makes|forced|forces|told|tells) me (?:to )?touch (?:him|her|them|his|her)\\b',
    '\\bbruises?\\b.{0,50}\\b(?:{KIN}) did (?:it|this|that)\\b',
    '\\b(?:{KIN}|my (?:\\w+ )?{KIN}|he|she|they) (?:will|would|might|is going to|could) (?:hurt|hit|beat|punish|rape|strangle|choke|slap|kick) (?:me|us)\\b',
    '\\b(?:comes|came|coming|goes|went|go) (?:after|at|for) (?:me|us|him|her|them|my \\w+) with (?:a |his |her |the )?(?:belt|knife|stick|bat|fists?|hammer|shoe|slipper|bottle|wooden spoon|cane)\\b',
    '\\b(?:hits|hit|beats|beat|whips|whipped|hitting|beating) (?:\\w+ ){0,4}with (?:a |his |her |the )?(?:belt|stick|bat|hammer|shoe|slipper|bottle|wooden spoon|cane|cable|wire)\\b',
    '\\b(?:pictures|photos|pics|nudes|videos|messages)\\b.{0,40}\\b(?:delete them|delete it|delete the|not to tell|keep it secret|our secret|hide them)\\b',
    '\\b(?:baby|child|kid|toddler|kids|children)\\b.{0,40}\\b(?:nobody|no one|noone) (?:comes|came|answers|checks|is home|looks after|feeds)\\b',
    '\\b(?:hacked|hacks|hacking|accessed|accesses|logs into|logged into) my (?:email|emails|phone|accounts?|social media|facebook|instagram|icloud|bank)\\b',
    '\\b(?:tracking|tracks|tracked|following|follows|stalking|watching|bugged|bugging) (?:my|me) (?:car|phone|location|movements|every move)\\b',
    '\\b(?:he|she|they|{KIN}|my (?:\\w+ )?{KIN}) (?:\\w+ )?controls? (?:everything|every|all|my|what|where|who|how)\\b',
    '\\b(?:what i wear|where i go|who i see|who i talk to|what i spend)\\b.{0,20}\\b(?:what i wear|where i go|who i see|who i talk to|what i spend)\\b',
    '\\b(?:dad|father|stepdad|stepfather|uncle|grandad|grandfather|cousin|mum s boyfriend|mums boyfriend|foster (?:dad|father|parent|carer)|babysitter|coach|teacher|priest|neighbour|landlord|brother|stepbrother) (?:\\w+ )?(?:comes|came|sneaks|snuck|creeps|crept|gets|got) (?:into|in to|in) my (?:room|bed|bedroom)\\b',
    '\\b(?:scared|afraid|terrified|frightened|fear|worried) for (?:my|the) (?:kids|children|baby|son|daughter|safety|life|\\w+ s safety)\\b',
    '\\b(?:will|would|is going to|threatens to|threatened to) (?:fire|hurt|kill|punish|report|ruin|leave|hit|beat|deport) (?:me|you|us)\\b.{0,5}\\bif i (?:tell|told|say anything|report|speak|talk)\\b',
    '\\b(?:screams|shouts|yells)\\b.{0,30}\\b(?:breaks|smashes|throws|punches) (?:things|stuff|walls|doors|plates)\\b',
    '\\b(?:he|she|they|{KIN}|my (?:\\w+ )?{KIN}) (?:will not|does not|never|refuses to) (?:give|let) me (?:any |my own |access to )?(?:money|cash|access to (?:the|our|my) (?:money|bank|account))\\b',
    '\\b(?:sexually )?(?:abused|abuses|abusing|molested|molests|raped|rapes|groomed|grooming) (?:me|him|her|my (?:\\w+ )?{CHILD})\\b',
    '\\b(?:nobody|no one|noone) (?:feeds|fed|washes|changes|looks after|checks on|cares for) (?:him|her|me|them|us)\\b',
    '\\bleft in (?:a |his |her |their |my )?(?:dirty|soiled|wet) (?:bed|nappy|nappies|diaper|clothes)\\b',
    '\\b(?:takes|took|taken|keeps|kept|holds|holding|has|hid|hides) (?:away )?my (?:passport|id|documents|papers|visa)\\b',
    '\\b(?:throws|threw|throwing) (?:things|stuff|plates|objects|glasses|bottles|chairs|\\w+) at me\\b',
    '\\b(?:he|she|they|{KIN}|my (?:\\w+ )?{KIN}) (?:\\w+ )?(?:screams|shouts|yells|tells me|told me|says|calls me|keeps telling me)\\b.{0,15}\\b(?:worthless|useless|pathetic|nothing|a waste|stupid|ugly|fat|a burden|crazy)\\b',
    '\\b(?:forces|forced|makes|made) me (?:to )?(?:give|hand over|share|tell) (?:him|her|them) (?:all )?(?:my )?(?:passwords?|phone|pin|money|wages|bank|cards?|location)\\b',
    '\\band (?:then )?(?:hits|beats|kicks|slaps|punches|chokes|strangles|follows|stalks|threatens|rapes|shoves|pushes) me\\b',
    '\\block(?:s|ed)? (?:the|all the|me|us) (?:\\w+ )?(?:door|doors|windows?|out)\\b.{0,20}\\b(?:cannot|could not|not able to) (?:leave|get out|go out|escape|get in)\\b',
    '\\bso i (?:cannot|could not) (?:leave|escape|get out|call (?:anyone|for help|the police)|contact anyone|get help)\\b',
    '\\bleaves? (?:me|us|him|her|them|the kids|the children|my (?:\\w+ )?{CHILD}) (?:without|with no) (?:food|money|heating|water|medication|meds)\\b',
    '\\b(?:gets|get|goes|flies into a rage|loses it|explodes|is furious|screams|shouts|yells|sulks for days)\\b.{0,15}\\bif i (?:go out|see|talk to|speak to|text|wear|spend|leave|am late|come home late)\\b',
    '\\band (?:\\w+ )?(?:checks|reads|monitors|tracks|goes through|went through) (?:all )?(?:of )?my (?:phone|messages|texts|emails|location)\\b',
    '\\b(?:kill|hurt|harm) (?:himself|herself|themselves)\\b.{0,25}\\bif i (?:leave|go|break up|end it|tell|stop)\\b',
    '\\bisolat\\w* (?:me|him|her) from\\b',
    '\\b(?:keeps?|kept|locks?|locked) (?:me|him|her|them|us|my (?:\\w+ )?{CHILD}) (?:locked )?(?:up|in|inside)\\b(?! (?:the loop|mind|check|shape|touch))',
    '\\bleaves? (?:me|us|him|her|them|the kids|the children|my (?:\\w+ )?{CHILD}) (?:home )?alone (?:for days|for (?:a|the) (?:week|weekend)|all (?:day|night|weekend)|overnight|with no food|without food)\\b',
    '\\b(?:said|says|told|tells) (?:me|him|her|us) (?:to keep it|it is|this is) (?:a |our )?(?:little )?secret\\b',
    '\\b(?:calls|called) me (?:worthless|useless|stupid|fat|ugly|pathetic|nothing)\\b.{0,40}\\b(?:every|all the time|always|hits|hit|will not let|controls|scared|afraid)\\b',
    '\\b(?:hide|hiding|cover|covering|covered up|conceal) (?:the |my |these )?bruises\\b',
    '\\bbruises?\\b.{0,30}\\b(?:from (?:him|her|my (?:\\w+ )?{KIN})|where (?:he|she)|after (?:he|she))\\b',
    '\\b(?:partner|husband|wife|boyfriend|girlfriend|he|she|fiance|ex) (?:is|can be|gets|seems) (?:very |so |really |quite |pretty |a bit |sometimes )?(?:frightening|controlling|violent|abusive|scary|dangerous|threatening|coercive)\\b',
    '\\b(?:frightening|controlling|violent|abusive|coercive|dangerous) (?:and (?:\\w+ ) )?(?:partner|husband|wife|boyfriend|girlfriend|relationship|ex|marriage|home|dad|father|mum|mother|stepdad|stepfather)\\b',
    '\\b(?:smashed|broke|took|hid|takes|hides) my phone (?:so|and) i (?:could not|cannot|can not|couldnt) (?:call|contact|phone|text|reach)\\b',
    '\\b(?:keeps?|kept) (?:turning|showing) up at my (?:work|house|home|flat|door|school)\\b.{0,40}\\b(?:threat|scared|afraid|hurt|kill|will not leave)\\w*',
    '\\b(?:stalking|stalks|following) me\\b(?! (?:on (?:instagram|twitter|x|tiktok|social media|facebook|linkedin|strava|youtube)|back))',
    '\\b(?:it was|it is|it is always) my fault\\b.{0,20}\\b(?:he|she)\\b|\\b(?:he|she) (?:pushed|hit|hurt|beat|slapped|kicked|grabbed) me\\b',
    '\\bsays it is my fault (?:he|she|they) (?:hit|hits|hurt|hurts)\\b',
    // a child in danger
    '\\b(?:locks?|locked|locking|shuts?|shut|keeps?|kept) (?:me|him|her|them|us|the (?:\\w+ )?{CHILD}|my (?:\\w+ )?{CHILD}) (?:up )?(?:in|inside|into) (?:the |a |his |her |their |my |our )?(?:room|bedroom|cupboard|closet|basement|cellar|shed|attic|cage|house|flat|car|bathroom|garage|wardrobe|loft|dark)\\b',
    '\\b(?:i|he|she|they|{CHILD}|{CHILD}s|next door|the (?:\\w+ )?{CHILD}) (?:is|are|was|were|gets|get|got|am|being|been|is being|are being|keep being|is left|are left) (?:\\w+ ){0,2}(?:locked (?:in|up|inside)|left (?:alone|on (?:his|her|their|my) own|home alone) (?:for days|for (?:a|the) (?:week|weekend|whole)|all (?:day|night|weekend)|overnight|for hours)|tied up|chained|starved|not fed|beaten|hit)\\b(?! by (?:a|the) (?:car|ball|bike|bus|van|truck|cyclist|wave|virus|bug|cold|flu))',
    '\\blocked in\\b.{0,40}\\b(?:alone|for days|starving|no food|not fed|crying)\\b',
    '\\b(?:does not|do not|did not|will not|never|not|stopped|stop|refuse to|refuses to) (?:feed|feeding|fed|give (?:me|him|her|them|us) (?:any )?(?:food|anything to eat|meals|dinner)|let (?:me|him|her|them|us) eat)\\b(?:(?: (?:me|him|her|them|us|my (?:\\w+ )?{CHILD}))?(?: (?:for days|for a day|at all|properly|anything|for (?:two|three|four|several|[2-9]) days|when|as|if|$)))',
    '\\b(?:does not|do not|did not|will not|never|not|stopped|stop|refuse to|refuses to) (?:feed|feeding|fed) (?:me|him|her|them|us|my (?:\\w+ )?{CHILD})\\b',
    '\\b(?:looks?|looked|seems?|is|are) (?:so |really |very )?(?:starving|starved|malnourished|neglected)\\b.{0,40}\\b(?:alone|locked|bruises?|nobody|no one)\\b',
    '\\b(?:{CHILD}|he|she|they) (?:is|are) (?:starving|starved|malnourished|neglected)\\b(?! (?:after|for attention))',
    '\\b(?:forced|made|makes|make) to (?:sleep|stay|live) (?:in the|outside|in a) (?:shed|garage|cellar|basement|garden|yard|cold|car)\\b',
    '\\b(?:sleep|sleeps|sleeping) in the (?:shed|garage|cellar|basement|yard)\\b.{0,40}\\b(?:food|forced|not allowed|locked|give)\\b',
  ]),
  topic: compile([
    '\\b(?:domestic (?:violence|abuse)|abusive|abuser|coercive control|being abused|was abused|sexual(?:ly)? (?:abuse\\w*|assault\\w*)|raped|rape|molested|child abuse|neglect(?:ed)? (?:child|children|kids?))\\b',
  ]),
};

const TABLET_COUNT = GATE.gated(
  new RegExp(
    expand(
      '\\b(?:took|taken|swallowed|ate|eaten|had|downed|popped|necked) (?:about |around |like |maybe |over |nearly )?(\\d+|[a-z]+) (?:of (?:my |the |her |his )?)?(?:\\w+ )?{MEDS}',
    ),
  ),
);

const MEDICAL: CategoryRules = {
  strong: compile([
    '(?<!\\b(?:if|when|whether|what to do if|in case) )\\b(?:i am|i think i am|i might be|think i am|he is|she is|they are|someone is|(?:my|the) (?:\\w+ )?(?:{KIN}|{CHILD}|friend|colleague|neighbour|man|woman) (?:is|might be|seems to be|could be)) (?:\\w+ )?having (?:a |an )?(?:heart attack|cardiac arrest|stroke|seizure|fit|anaphylactic (?:shock|reaction)|anaphylaxis|(?:bad |severe |serious )?allergic reaction|asthma attack|diabetic (?:emergency|coma)|hypo)\\b',
    '\\b(?:heart attack|stroke|seizure|cardiac arrest|anaphylactic shock|anaphylaxis) (?:right )?now\\b',
    '(?<!\\b(?:had|have had|history of|after|had some|had a few) )\\b(?:chest (?:pain|pains|tightness|pressure)|(?:pain|tightness|pressure|crushing) in my chest|(?<!\\b(?:had|have had|history of|after) )my chest (?:hurts|is tight|feels tight|feels heavy|is heavy|is crushing)|crushing (?:chest )?pain|tightness in (?:my|the) chest)\\b(?!.{0,40}\\b(?:was|last (?:year|month|week)|years ago|muscular|anxiety|stress|checked|diagnosed|doctor said|cleared)\\b)',
    '\\bpain (?:spreading|radiating|going|moving|shooting) (?:down|to|into|up) (?:my |his |her )?(?:left )?(?:arm|jaw|neck|back|shoulder)\\b',
    '\\b(?:cannot|can not|struggling to|hard to|trouble|difficulty|unable to|could not|not able to) (?:breathe|breathing|catch (?:my|his|her) breath)\\b(?! (?:through|in (?:the|my) (?:mask|nose)|when i (?:swim|run)|during))',
    '\\b(?:is|are|was|has|have|he is|she is|stopped|not) (?:not )?(?:breathing|stopped breathing)\\b(?! (?:properly through|exercises|techniques))',
    '\\b(?:not|no longer|stopped) breathing\\b',
    '\\b(?:face|mouth|smile) (?:is |has |has gone )?(?:drooping|droops|drooped|numb|fallen|dropped|lopsided)\\b',
    '\\bdrooping (?:on )?(?:one|the left|the right) side\\b',
    '\\b(?:slurred speech|speech is slurred|slurring (?:his|her|my|their) (?:words|speech)|words (?:are )?(?:coming out|come out) wrong|cannot (?:speak|talk) properly|suddenly cannot (?:speak|talk|see))\\b',
    '\\b(?:cannot|can not|unable to|could not) (?:lift|raise|move|feel) (?:his|her|my|their|one) (?:arm|leg|arms|legs|side)\\b',
    '\\b(?:arm|leg|side of (?:my|his|her) (?:face|body)) (?:is|went|has gone|feels|suddenly) (?:numb|weak|dead|limp)\\b',
    '\\b(?:worst headache of my life|worst headache i have ever had|thunderclap headache|sudden(?:ly)? (?:severe|the worst|terrible|excruciating) headache)\\b',
    '\\b(?:throat|tongue|lips|face|mouth) (?:is |are |has |have )?(?:closing|swelling|swollen|swelled|tightening|closing up)\\b(?!.{0,25}\\b(?:dentist|filling|injection|piercing|wisdom tooth|bit it|botox)\\b)',
    '\\b(?:collapsed|is unconscious|are unconscious|unresponsive|will not wake up|cannot wake (?:him|her|them)|not waking up|not responding|not responsive|turning blue|lips (?:are |have )?(?:turned |turning |gone )?blue)\\b',
    '\\b(?:coughing|vomiting|throwing|spitting|peeing|pooing) (?:up )?blood\\b',
    '\\bblood in (?:my |his |her )?(?:vomit|sick)\\b',
    '\\b(?:bleeding (?:will not stop|does not stop|heavily|badly|a lot|everywhere|profusely)|(?:heavy|severe|uncontrolled|uncontrollable|serious) bleeding|(?:will not|cannot) stop (?:the )?bleeding)\\b',
    '\\b(?:overdosed|overdosing|overdose)\\b(?!.{0,20}\\b(?:prevention|awareness|training|protocols?|course|exam|kit|naloxone|narcan)\\b)',
    // ingestion: a dangerous amount already taken, or something poisonous swallowed
    '\\b(?:took|taken|take|taking|swallowed|swallow|ate|eaten|had|drank|drunk|necked|downed|mixed|popped|overdosed on) (?:\\w+ )?(?:{LOTS}) (?:\\w+ ){0,4}{MEDS}\\b(?! (?:a|per|each|every) (?:day|week|morning|night)| daily)',
    '\\b(?:took|taken|swallowed|ate|eaten|drank|drunk|necked|downed|popped) (?:{LOTS}) ?(?:of )?(?:my |the |her |his )?(?:\\w+ )?{MEDS}',
    '\\b(?:took|taken|swallowed|ate|eaten|drank|drunk|downed|popped) (?:my |his |her |the )?(?:whole|entire) (?:week|month|bottle|box|packet|supply|prescription)\\b(?! of (?:laxatives|senna|dulcolax|diet pills|water pills))',
    '\\bmixed (?:my |his |her |the |some )?(?:\\w+ )?{MEDS} (?:with|and) (?:alcohol|vodka|wine|beer|a bottle|drink|drinks|whisky|whiskey|gin|rum|booze)\\b',
    '\\b(?:drank|swallowed|ate|eaten|ingested|drunk|drinking|swallowing|has drunk|has swallowed|has eaten) (?:some |a |the |an |some of the |a bit of |my |his |her )?(?:bottle of )?(?:bleach|antifreeze|anti freeze|drain cleaner|weed ?killer|pesticides?|rat poison|poison|button batter(?:y|ies)|batter(?:y|ies)|magnets|detergent|laundry (?:pod|pods|capsules?|tablets?|liquid)|dishwasher (?:tablets?|pods?)|white spirit|methanol|lamp oil|paraffin|cleaning products?|oven cleaner|toilet cleaner|(?:cleaning|household|garden) (?:fluid|product|spray|liquid|chemicals?)|washing up liquid|lighter fluid|petrol|nail polish remover|bleach)\\b',
    '\\b(?:call|calling|ring|get) (?:an ambulance|911|999|112|000)\\b',
    '\\bslurring\\b(?!.{0,30}\\b(?:drunk|drinks|drinking|beer|wine)\\b)',
    '\\b(?:suddenly|collapsed|fell|dizzy)\\b.{0,30}\\b(?:cannot|unable to) (?:stand|walk|see|speak|talk)\\b',
    '\\b(?:hit|banged|bumped|smashed) (?:his|her|my|their) head\\b.{0,40}\\b(?:confused|vomiting|being sick|unconscious|drowsy|not making sense|passed out|bleeding|will not wake)\\b',
    '\\bconfused and (?:vomiting|being sick|drowsy)\\b',
    '\\b(?:fell|fallen|collapsed)\\b.{0,40}\\b(?:cannot get up (?:and|off the floor)|is confused|not making sense|unconscious)\\b',
    '(?<!\\b(?:if|when|in case|whether) (?:\\w+ ){0,3})\\b(?:is|are|am|and) having (?:a |an )?(?:seizure|fit|stroke|heart attack|asthma attack|allergic reaction)\\b',
    '\\b(?:drank|drunk|drinking)\\b.{0,30}\\b(?:took|taken|and) (?:some |a few |my |loads of |lots of )?{MEDS}\\b',
    '\\b(?:overheating|burning up|very hot)\\b.{0,20}\\b(?:confused|fitting|collapsing|collapsed|not making sense)\\b',
    '\\b(?:broke|broken|fractured|snapped) (?:my|his|her) (?:neck|spine|skull)\\b',
    '\\bswallowed (?:something|a|some) (?:sharp|glass|razor|blade|needle|pin|nail|battery|magnet|bleach)\\b',
    '\\bspiked (?:my|her|his|our) drinks?\\b',
    '\\bchest\\b.{0,30}\\b(?:elephant|sitting on|crushing|squeezing|in a vice)\\b',
    '\\b(?:baby|toddler|child|newborn)\\b.{0,30}\\b(?:floppy|limp|not feeding|will not feed|rash that does not fade|non blanching)\\b',
    '\\brash (?:that )?(?:does not|will not) fade\\b',
    '\\bheart (?:stopped|is stopping)\\b',
    '\\b(?:overdid it|went overboard) (?:with|on) (?:my |the )?{MEDS}',
    '\\bcannot stop (?:vomiting|being sick|throwing up|shaking|bleeding|fitting)\\b',
    '\\bdiabetic\\b.{0,50}\\b(?:not making sense|confused|unconscious|sweaty|shaking|collapsed|unresponsive|slurring)\\b',
    '\\bnot making sense\\b.{0,30}\\b(?:sweaty|pale|collapsed|slurring|drowsy)\\b',
    '\\b(?:fell|fallen|collapsed|crashed|knocked out)\\b.{0,40}\\b(?:not moving|will not move|cannot move|not responding)\\b',
    '\\b(?:dog|cat|puppy|kitten)\\b (?:has |just )?(?:ate|eaten|swallowed|got into|drank|chewed)\\b.{0,30}\\b(?:chocolate|grapes|raisins|xylitol|antifreeze|rat poison|slug pellets|lilies|pills|tablets|medication|onions|ibuprofen|paracetamol)\\b',
    '\\b(?:cannot|could not|unable to) get (?:his|her|my|their) words out\\b',
    '\\bface (?:looks|is|went|has gone) (?:wrong|weird|strange|lopsided|twisted|crooked|droopy)\\b',
    '\\b(?:cannot|unable to|could not) (?:move|feel|lift|raise|use) (?:\\w+ ){0,3}(?:side|one (?:arm|leg|hand))\\b',
    '\\bblood (?:is )?(?:pouring|gushing|spurting|everywhere)\\b|\\b(?:pouring|gushing|spurting) blood\\b',
    '\\b(?:bleeding|blood)\\b.{0,40}\\b(?:will not stop|does not stop|cannot stop|not stopping)\\b',
    '\\b(?:{CHILD}|toddler|baby|he|she|my \\w+|someone|i am|he is|she is) (?:is )?choking\\b(?! (?:in|at|under|during|me|her|him|on (?:my|his|her) words))',
    '\\bheart (?:is )?(?:pounding|racing|beating) (?:out of my chest|so fast)\\b.{0,40}\\b(?:pass out|faint|chest|breathe|dizzy)\\b|\\b(?:pass out|faint)\\b.{0,40}\\bheart (?:is )?(?:pounding|racing)\\b',
    '\\b(?:{CHILD}|toddler|dog|puppy) (?:has |just )?(?:ate|eaten|swallowed|drank|drunk|got into|took|taken|chewed) (?:some|a|one|two|three|\\d+|a few|several|a handful|all|the|my|his|her)? ?(?:of )?(?:the |my |his |her )?(?:\\w+ ){0,3}{MEDS}',
    '\\b(?:i|he|she) (?:feel|feels|think|thinks) (?:like )?(?:i am|he is|she is) dying\\b',
    '\\b(?:throat|chest) (?:feels|is|getting|is getting) (?:really |very |so )?tight\\b',
    '\\b(?:cannot|can not) feel (?:my|his|her) (?:left|right)? ?(?:side|arm|leg|face)\\b',
    '\\b(?:chest|heart)\\b.{0,30}\\b(?:left arm|arm is numb|jaw)\\b',
    '\\b(?:is|are|keeps?|started) (?:seizing|convulsing|fitting)\\b',
    '\\bseizure\\b.{0,30}\\b(?:not waking|will not wake|unresponsive|not breathing|will not stop|minutes)\\b',
    '\\b(?:feel|feeling|felt|am) (?:faint|dizzy|like i am going to pass out)\\b.{0,40}\\b(?:bleeding|blood|chest|took|pills)\\b|\\b(?:bleeding|blood|chest|pills)\\b.{0,40}\\b(?:feel|feeling|felt|am) (?:faint|dizzy)\\b',
    '\\b(?:i|he|she) (?:feel|feels|feeling) (?:really |very )?(?:strange|weird|funny|odd)\\b.{0,10}$(?<=\\b(?:vodka|alcohol|pills|tablets|{MEDS}).{0,60})',
  ]),
  topic: compile([
    // not a plan to poison someone's food ("thinking about poisoning my husband's food"), which
    // is harm to others (the concept rules)
    '\\b(?:poison(?:ed|ing)|overdos\\w*)\\b(?!.{0,20}\\b(?:protocols?|training|prevention|awareness)\\b)(?! (?:his|her|their|my (?:\\w+ )?{KIN}s?) (?:\\w+ )?(?:food|drink|tea|coffee|dinner|meals?|water|wine|lunch)\\b)',
  ]),
  checks: [
    // "I took 20 paracetamol", "swallowed 30 of my pills": a number of tablets no one takes by mistake
    (text) => {
      const match = TABLET_COUNT.possible(text) ? TABLET_COUNT.pattern.exec(text) : null;
      if (!match?.[1]) return false;
      const count = /^\d+$/.test(match[1]) ? Number(match[1]) : (NUMBER_WORDS[match[1]] ?? 0);
      return count >= 8 && !/\bvitamins|gummies\b/.test(match[0]);
    },
  ],
};

const HARM_TO_OTHERS: CategoryRules = {
  strong: compile([
    '\\b{INTENT} (?:\\w+ )?(?:kill|killing|murder|murdering|hurt|hurting|harm|harming|stab|stabbing|shoot|shooting|strangle|strangling|choke|choking|poison|poisoning|beat|beating|beat up|beating up|attack|attacking|hit|hitting|punch|punching|shake|shaking|smother|smothering|drown|drowning|torture|torturing|slap|slapping|batter|battering|assault|assaulting|rape|raping|maim|run over|running over|burn|burning|throw acid (?:at|on)|suffocate|suffocating) {VICTIM}\\b(?! (?:at|in) (?:chess|cards|a race|the race|tennis|squash|golf|fifa|scrabble|mario kart|running|arm wrestling))',
    '\\bi (?:will|am going to|am gonna|shall|swear i will|am about to) (?:kill|murder|stab|shoot|strangle|hurt|destroy|end) (?:him|her|them|you|that|my|his|her|everyone|somebody|someone)\\b(?! (?:at|in) (?:chess|cards|a race|the race|tennis|squash|golf|fifa|scrabble))',
    '\\bi am going to (?:kill|murder|stab|shoot|strangle|hurt) (?:him|her|them|someone|somebody|people|everyone|everybody|my|his|the|that|you|whoever)\\b',
    '\\b(?:shoot|shooting|shot|attack|attacking|bomb|bombing|blow up|blowing up|burn down|burning down|set fire to|shoot up) (?:up )?(?:my|the|a|our|his|her) (?:old |former )?(?:school|office|work|workplace|church|mosque|synagogue|mall|class|college|university|party|place)\\b',
    '\\b(?:mass shooting|school shooting|bomb the|blow up (?:the|my|a|his|her) (?:school|office|building|car|house))\\b(?!.{0,20}\\b(?:news|article|documentary|report)\\b)',
    '\\bmake (?:him|her|them|everyone|people|that \\w+|my (?:\\w+ )?(?:{KIN}|boss|manager|coworker|colleague|neighbour|ex|friend)) (?:pay|suffer|bleed)\\b(?! (?:attention|for (?:it|the|dinner|their|his|her)|the (?:rent|bill)|rent|back|bills?|a visit|their share))',
    '\\b(?:will|are going to|is going to|gonna) (?:all )?(?:pay|suffer) for what (?:they|he|she|you) (?:did|done|have done|has done)\\b',
    '\\b(?:get|gets|getting) what (?:he|she|they) (?:deserves?|have coming|has coming)\\b.{0,60}\\b(?:gun|knife|weapon|know where|plan|tonight|tomorrow)\\b|\\b(?:gun|knife|weapon|know where)\\b.{0,60}\\b(?:get|gets|getting) what (?:he|she|they) (?:deserves?|have coming|has coming)\\b',
    '\\bknow where (?:he|she|they|my ex|that \\w+) (?:lives?|works?|sleeps?|parks?)\\b',
    '\\b(?:gun|guns|knife|knives|weapon|rifle|pistol|firearm|ammo|ammunition|machete|axe|acid)\\b.{0,50}\\b(?:for (?:him|her|them|my ex|revenge|my (?:\\w+ )?(?:{KIN}|boss|coworker|neighbour))|without (?:a )?background check|so i can (?:\\w+ )?(?:him|her|them)|before (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|the weekend))\\b',
    '\\b(?:put|slip|add|mix|pour) (?:\\w+ ){0,4}(?:poison|bleach|antifreeze|pills|drugs|something) (?:\\w+ )?(?:in|into) (?:his|her|their|my (?:\\w+ )?(?:{KIN}|boss)s?) (?:drink|food|coffee|tea|meal|dinner|water|wine|beer)\\b',
    '\\bpoison\\b.{0,40}\\bin (?:his|her|their) (?:drink|food|coffee|tea|meal|dinner|water)\\b',
    '\\b(?:poison|kill|hurt|harm|get rid of) (?:someone|somebody|a person|him|her|them|my (?:\\w+ )?(?:{KIN}|boss))\\b.{0,30}\\bwithout (?:it being traced|being traced|getting caught|being caught|leaving a trace|anyone knowing|a trace)\\b',
    '\\b(?:urges?|the urge|tempted|urge) to (?:shake|hurt|hit|harm|smother|drop|throw|strangle|choke) (?:the|my|our) (?:baby|babies|toddler|newborn|child|son|daughter|kids?)\\b',
    '\\brun (?:him|her|them|people|someone|my (?:\\w+ )?(?:{KIN}|boss)) over\\b',
    '\\bbreak (?:his|her|their) (?:neck|legs?|arms?|jaw|face|skull|nose)\\b(?!.{0,10}\\b(?:in the game|lol)\\b)',
    '\\b(?:burn|set fire to|torch) (?:his|her|their|my (?:\\w+ )?(?:{KIN}|boss|neighbour)s?) (?:house|flat|car|home|place)\\b',
    '\\bwith (?:him|her|them) (?:still )?in it\\b',
    '\\b(?:picturing|imagining|fantasi[sz]ing about|dreaming about|planning) (?:how (?:i would|i could|to|i will) )?(?:make|making) (?:\\w+ ){0,3}(?:suffer|pay|bleed)\\b',
    '\\bshe will not see it coming\\b|\\bhe will not see it coming\\b|\\bthey will not see it coming\\b',
    '\\bkill (?:them all|everyone|everybody|all of them)\\b',
    '\\b{INTENT} (?:push|pushing|shove|shoving|throw|throwing) {VICTIM} (?:down|off|into|in front of|out of|under)\\b',
    '\\b(?:want|wish|hope) {VICTIM} (?:would |to |was |were )?(?:die|dead|suffer|gone for good)\\b',
    '\\b(?:slash|slashing|stab|stabbing|glass|glassing|bottle) (?:him|her|them|his face|her face)\\b(?! (?:off|out|some|a|slack|down|loose|free|in))',
    '\\btake (?:a|my) (?:bat|knife|hammer|crowbar|axe) to (?:him|her|them|his|her)\\b',
    '\\b(?:put|wrap|get) my hands (?:around|round) (?:his|her|their|someone s) (?:neck|throat)\\b',
    '\\b(?:going to|gonna|want to|will|about to) (?:throw|drop|shake) (?:her|him|the baby|my baby|my son|my daughter|them)\\b(?! (?:a|an|some|the|into the pool|in the pool|up|in the air|party|out of|off)\\b)',
    '\\b(?:get|grab|take|bring|use) (?:my |his |her |the |a )?(?:\\w+ ){0,2}(?:gun|rifle|pistol|shotgun|knife)\\b.{0,20}\\b(?:show them|teach them|make them|deal with|sort them out|end this|on them)\\b',
    '\\b(?:use|using) (?:it|the gun|the knife|a gun|a knife|the weapon) on (?:him|her|them|people|everyone|my (?:\\w+ )?(?:{KIN}|boss|coworkers?|colleagues?|neighbours?|classmates?)|the people|someone|somebody)\\b',
    '\\bmake (?:\\w+ ){0,2}(?:pay|suffer|bleed) (?:in blood|with (?:his|her|their) li(?:fe|ves)|for what (?:he|she|they) did)\\b',
    '\\bset (?:him|her|them|someone|people|my (?:\\w+ )?(?:{KIN}|boss|neighbour|ex)|the (?:\\w+ )?(?:{KIN}|neighbour)) on fire\\b',
    '\\b(?:bring|bringing|take|taking|carry|carrying) (?:a )?(?:knife|gun|weapon|blade|machete|bomb) (?:to|into) (?:school|work|class|college|the office|church|the party)\\b',
    '\\b(?:drive|driving|run|running|plough|ploughing|plow|crash|crashing) (?:my |the |a )?(?:car|van|truck|lorry)? ?(?:into|through) (?:the |a )?(?:crowd|people|pedestrians|protesters|them|him|her)\\b',
    '\\bi (?:might|could|may|will|would) (?:\\w+ )?(?:hurt|harm|hit|shake|smother|strangle|suffocate) (?:my|the|our) (?:\\w+ )?(?:{CHILD}|kids|baby|wife|husband|partner|mum|mother|dad|father)\\b(?! (?:feelings|chances))',
    '\\b(?:losing control|lose control)\\b.{0,30}\\b(?:hurt|harm|hit|kill)\\b|\\b(?:hurt|harm|hit|kill)\\b.{0,40}\\b(?:losing control|lose control)\\b',
    '\\b(?:knife|gun|weapon|bat|crowbar|machete)\\b.{0,40}\\b(?:go after|hunt down|get back at|get revenge|take revenge|revenge on|teach (?:him|her|them) a lesson|make (?:him|her|them) pay)\\b',
    '\\b(?:{INTENT}|going to|gonna|will) beat the (?:crap|shit|hell|living daylights|life) out of\\b',
    '\\b(?:people|someone|everyone|him|her|them|person|guys|ones|names) (?:that |who |whom )?i (?:want to|wanted to|am going to|will|need to|plan to|would like to) (?:kill|hurt|harm|stab|shoot|murder|make suffer|punish|attack)\\b',
    '\\bsee (?:him|her|them|my (?:\\w+ )?(?:{KIN}|boss)) (?:bleed|suffer|die|dead|in pain)\\b',
    '\\b(?:knife|gun|weapon|bat|crowbar)\\b.{0,30}\\b(?:going to|go to|on my way to|heading to|wait outside) (?:his|her|their) (?:house|place|work|flat|home|school)\\b',
    '\\bharm(?:ing)? (?:my|the) (?:baby|babies|children|kids|child|son|daughter|toddler|newborn)\\b',
    '\\b(?:scare|frighten|scared|frightened) myself\\b.{0,5}$(?<=\\b(?:hit|hurt|harm|kill|hitting|hurting|harming|killing)\\b.{0,80})',
  ]),
  topic: compile(['\\b(?:homicidal|murderous thoughts|violent thoughts about)\\b']),
};

/** Most urgent first: an overdose needs an ambulance before it needs a crisis line. */
const CATEGORY_ORDER: ReadonlyArray<readonly [CrisisCategory, CategoryRules]> = [
  ['suicide', SUICIDE],
  ['medical_emergency', MEDICAL],
  ['harm_to_others', HARM_TO_OTHERS],
  ['self_harm', SELF_HARM],
  ['abuse', ABUSE],
  ['eating', EATING],
];

/** The crisis category of one normalised text, or null. */
function categoryOf(normalized: string): CrisisCategory | null {
  return categoryOfCleared(applyAllowances(normalized));
}

/** The crisis category of one normalised text already cleared of allowances, or null. */
function categoryOfCleared(text: string): CrisisCategory | null {
  if (text.length === 0) return null;
  let framed: boolean | undefined; // read only when a topic word could count
  for (const [category, rules] of CATEGORY_ORDER) {
    if (rules.strong.some((pattern) => pattern.test(text))) return category;
    if (rules.checks?.some((check) => check(text))) return category;
    if (!rules.topic.some((pattern) => pattern.possible(text))) continue;
    framed ??= FRAME.test(text);
    if (!framed && rules.topic.some((pattern) => pattern.test(text))) return category;
  }
  return null;
}

/**
 * The crisis category the texts fall into, or null for ordinary coaching text. Each text is read
 * on its own; when they fall into several categories, the most urgent one wins.
 */
export function detectCrisis(
  texts: ReadonlyArray<string | undefined>,
  options: {
    /**
     * Whether the sentence layer reads what the other layers did not flag (default: as
     * useSentenceLayer set it). The gateway reads only the person's fresh words with it.
     */
    sentences?: boolean;
  } = {},
): CrisisCategory | null {
  const deep = options.sentences ?? sentenceLayerOn();
  const present = texts.filter((t): t is string => typeof t === 'string' && t.trim().length > 0);
  let found: CrisisCategory | null = null;
  let rank = CATEGORY_ORDER.length;
  const consider = (category: CrisisCategory | null) => {
    if (!category) return;
    const index = CATEGORY_ORDER.findIndex(([name]) => name === category);
    if (index < rank) {
      rank = index;
      found = category;
    }
  };
  for (const text of present) {
    const read = readText(text);
    const { sentences } = read;
    // both rules layers are read: the concept rules may name a more urgent category (a dose
    // question the lexicon took for an overdose); the model only when neither flagged the text
    let byLexicon = lexiconCategory(text, read);
    let byConcepts = conceptCategory(sentences);
    // a plan aimed at another person: the lexicon's "how I'd do it" is not the writer's death
    // and a death wished on someone else ("better if my roommate didn't wake up") is not the
    // writer's own either, when no sentence names the writer's death
    if (
      byLexicon === 'suicide' &&
      byConcepts === 'harm_to_others' &&
      (planOnly(sentences) || deathWishedOnOther(sentences))
    ) {
      byLexicon = byConcepts;
    }
    // a body worn down by a purging habit is an eating crisis (its response names the emergency
    // number for fainting or a racing heart), unless collapse or bleeding is named
    if (
      (byLexicon === 'medical_emergency' || byConcepts === 'medical_emergency') &&
      medicalOnlyFromPurging(sentences)
    ) {
      if (byLexicon === 'medical_emergency') byLexicon = 'eating';
      byConcepts = byConcepts === 'medical_emergency' ? 'eating' : byConcepts;
    }
    consider(byLexicon);
    consider(byConcepts);
    if (byLexicon || byConcepts) continue;
    const byModel = modelOpinion(sentences);
    consider(byModel);
    // the sentence layer reads what the words alone did not flag, without the sentences that are
    // a story, a study, a settled past or a figure of speech (the frames the other layers honour)
    if (deep && !byModel) {
      const words = wordsForSentenceLayer(text, read);
      if (words) for (const category of sentenceLayerCategories(words)) consider(category);
    }
  }
  return found;
}

/**
 * The lexicon's category for one text, with the sentences set aside that are a story, study or
 * a joke and say nothing about the writer's own danger (crisis-concepts.ts, setAside).
 */
function lexiconCategory(text: string, read: ReadText = readText(text)): CrisisCategory | null {
  const { parts, normalized } = read;
  const framed = framedMessage(normalized);
  const resolved = resolvedMessage(normalized);
  const kept = parts.filter((_, i) => !setAside(normalized[i] ?? '', framed, resolved));
  if (kept.length === 0) return null;
  // one sentence that is the whole text: it is already normalised and cleared of allowances
  const category =
    parts.length === 1 && kept.length === 1 && parts[0] === text
      ? categoryOfCleared(normalized[0] ?? '')
      : categoryOf(normalizeForGuard(kept.length === parts.length ? text : kept.join('. ')));
  return category && routineExplains(category, normalized) ? null : category;
}

/**
 * Whether every sentence read as a medical emergency is one of a purging habit and its toll on
 * the writer's body (someone else's chest pain in another sentence stays an emergency).
 */
function medicalOnlyFromPurging(sentences: readonly string[]): boolean {
  const medical = sentences.filter(
    (sentence) =>
      categoryOfCleared(sentence) === 'medical_emergency' ||
      conceptCategory([sentence]) === 'medical_emergency',
  );
  return medical.length > 0 && medical.every((sentence) => purgeHabitExplains([sentence]));
}

/** Whether every sentence the lexicon reads as suicide wishes someone else dead, none the writer. */
function deathWishedOnOther(sentences: readonly string[]): boolean {
  const suicidal = sentences.filter((sentence) => categoryOfCleared(sentence) === 'suicide');
  return (
    suicidal.length > 0 &&
    suicidal.every((sentence) => tagConcepts(sentence).has('OTHER_GONE')) &&
    !ownDeathNamed(sentences)
  );
}

/** Whether every sentence the lexicon reads as suicide holds only a plan with no object. */
function planOnly(sentences: readonly string[]): boolean {
  const suicidal = sentences.filter((sentence) => categoryOfCleared(sentence) === 'suicide');
  return suicidal.length > 0 && suicidal.every(objectlessPlan);
}

/**
 * What the sentence layer reads of a text: nothing when every sentence is set aside or mostly a
 * figure of speech ("stubbed my toe so hard I saw my ancestors": the allowances blanked the idiom
 * and what is left holds nothing specific); the told sentences alone when the message as a whole
 * is a story or a past told as settled (its frame is no part of the writer's own words); the
 * whole text as written otherwise.
 */
function wordsForSentenceLayer(text: string, read: ReadText): string | null {
  const told = toldSentences(read.sentences);
  if (told.every(figureOfSpeech)) return null;
  if (told.length === read.sentences.length) return text;
  if (!resolvedMessage(read.sentences) && !framedMessage(read.sentences)) return text;
  const kept = new Set(told);
  return read.parts.filter((_, i) => kept.has(read.normalized[i] ?? '')).join('. ');
}

/** At most this many words besides the blanked idiom make a sentence mostly a figure of speech. */
const FIGURE_WORDS = 8;

function figureOfSpeech(sentence: string): boolean {
  if (!sentence.includes('_')) return false;
  const rest = sentence.split(' ').filter((word) => word !== '_');
  return rest.length <= FIGURE_WORDS && !hasRiskConcept([rest.join(' ')]);
}

/** One text read once: its sentences as written, each normalised and cleared of idioms. */
interface ReadText {
  parts: string[];
  /** Each part normalised and cleared of allowances (empty or "_" when nothing was left). */
  normalized: string[];
  /** The normalised parts with something left in them. */
  sentences: string[];
}

function readText(text: string): ReadText {
  const parts = splitSentences(text);
  const normalized = parts.map((part) => applyAllowances(normalizeForGuard(part)));
  const sentences = normalized.filter((part) => part.length > 0 && part !== '_');
  return { parts, normalized, sentences };
}

/** Sentences and clauses; a decimal point (a blood sugar of 2.1) ends no sentence. */
function splitSentences(text: string): string[] {
  return text
    .split(/(?<!\d)\.+|\.+(?!\d)|[!?;\n]+|\s[-–—]\s|,\s*(?=but\b)/)
    .filter((part) => part.trim().length > 0);
}

/**
 * The model's opinion, asked only when neither rules layer flagged the text: the sentences
 * outside any frame, when one of them holds a specific concept, and the model is confident.
 */
function modelOpinion(sentences: readonly string[]): CrisisCategory | null {
  const told = toldSentences(sentences);
  if (told.length === 0 || !hasRiskConcept(told)) return null;
  return modelCategory(MODEL, told);
}

/** The model alone (with its gate), for measuring what it adds. */
export function detectCrisisByModel(
  texts: ReadonlyArray<string | undefined>,
): CrisisCategory | null {
  return mostUrgentCategory(texts.map((text) => (text ? modelOpinion(sentencesOf(text)) : null)));
}

/** The lexicon alone (the precise layer), for measuring what the concept layer adds. */
export function detectCrisisByLexicon(
  texts: ReadonlyArray<string | undefined>,
): CrisisCategory | null {
  return mostUrgentCategory(texts.map((text) => (text ? lexiconCategory(text) : null)));
}

/** The concept layer alone, for measuring how far it generalises on its own. */
export function detectCrisisByConcepts(
  texts: ReadonlyArray<string | undefined>,
): CrisisCategory | null {
  return mostUrgentCategory(
    texts.map((text) => (text ? conceptCategory(sentencesOf(text)) : null)),
  );
}

/** The most urgent of several categories (CATEGORY_ORDER), or null when there is none. */
export function mostUrgentCategory(
  categories: ReadonlyArray<CrisisCategory | null>,
): CrisisCategory | null {
  let best: CrisisCategory | null = null;
  let rank = CATEGORY_ORDER.length;
  for (const category of categories) {
    const index = CATEGORY_ORDER.findIndex(([name]) => name === category);
    if (index >= 0 && index < rank) {
      rank = index;
      best = category;
    }
  }
  return best;
}

/** Sentences (and clauses after a semicolon or dash), each normalised and cleared of idioms. */
export function sentencesOf(text: string): string[] {
  return readText(text).sentences;
}
