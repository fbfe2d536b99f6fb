import type { Concept } from './crisis-concept-phrases.ts';

// The concept layer's first table (crisis-concepts.ts reads it with MORE_CONCEPTS): each concept
// as phrases over normalised text, built from a few word families (medicines, family, children,
// body parts).

const MEDS =
  '(?:pills?|tablets?|capsules?|meds|medication|medications|medicine|medicines|painkillers?|pain killers|sleeping pills|sleeping tablets|paracetamol|acetaminophen|tylenol|panadol|ibuprofen|advil|nurofen|aspirin|naproxen|codeine|co codamol|cocodamol|tramadol|oxycodone|oxy|morphine|fentanyl|heroin|opioids?|benzos?|xanax|valium|diazepam|lorazepam|zopiclone|ambien|zolpidem|sertraline|prozac|fluoxetine|citalopram|amitriptyline|lithium|quetiapine|seroquel|insulin|antidepressants?|sleeping aids?|sleep aids?|sedatives?|gabapentin|pregabalin|prescriptions?|benadryl|antihistamines?|melatonin|propranolol|beta blockers?|warfarin|digoxin|metformin|iron tablets|dose|doses)';
export const KIN =
  '(?:partner|husband|wife|boyfriend|girlfriend|fiance|fiancee|spouse|ex|dad|father|stepdad|stepfather|mum|mother|stepmum|stepmother|parents?|brother|sister|stepbrother|uncle|aunt|grandad|grandfather|grandpa|grandma|cousin|carer|son|daughter|in laws?|family|other half)';
export const CHILD =
  '(?:child|children|kid|kids|baby|toddler|son|daughter|little (?:brother|sister|boy|girl|one)|nephew|niece|grandson|granddaughter|stepson|stepdaughter|\\d+ year old|newborn|infant)';
const BODY =
  '(?:arms?|wrists?|thighs?|legs?|skin|stomach|hips?|forearms?|body|flesh|hands?|knuckles|fingers|ankles?|shoulders?|chest|face|head|scalp|hair)';

/** Each concept as phrases over normalised text; a concept is present when one matches. */
export const CONCEPTS: ReadonlyArray<readonly [Concept, string]> = [
  ['SELF', '\\b(?:i|me|my|myself|mine)\\b'],
  // being dead or not existing, said of oneself or in general
  [
    'SELF_DEATH',
    '\\b(?:kill(?:ing)? myself|end(?:ing)? (?:my life|it all|my own life|everything(?! with| on| at| in))|take my (?:own )?life(?! back| in| into| seriously| more| by)|(?<!\\b(?:he|she|they|it) (?:will|would|does|did|could|can) )(?:not|never) (?:to )?(?:wake|waking) up(?! (?:properly|early|at|before|on time|late|tired|so|in time|hungover|with|grumpy|every))|stop existing|not exist|(?:not|no longer) (?:be )?(?:here|around|alive)(?! (?:at|for|on|in|when|by|during|tomorrow|next|this|to (?:see|help|answer))\\b)|(?:fall|go) to sleep (?:and|forever)|sleep forever|be gone (?:for good|forever)|disappear (?:for good|forever|permanently|completely)|vanish|unalive|off myself|end things|end it(?: tonight| now| for good| soon)?$|end it(?= (?:tonight|for good|soon|all|now|once))|check(?:ing)? out (?:for good|early|permanently)|leave this world|(?:join|be with) (?:my )?\\w+ (?:in heaven|again soon|on the other side)|not (?:see|make it to) (?:my )?(?:next )?(?:birthday|christmas|tomorrow|next year)|stop (?:breathing|my heart)(?= forever| for good| permanently|$)|suicid\\w*)\\b',
  ],
  [
    'WISH_DEATH',
    '\\b(?:want|wants|wanted|wish|wishing|wished|hope|hoping|pray|praying|ready|rather|prefer|long|longing|plan|planning|thinking (?:of|about)|think about|tempted|deserve|should|need|would not mind|better off) (?:(?:to|i|just|could|would|was|were|be|so|really|simply|had|that|sometimes|honestly|actually|only|even|go|and) ){0,3}(?:(?:die|dead|dying)(?! (?:my|her|his|the|your) (?:hair|roots|beard|clothes)| hair| of (?:laughter|embarrassment|boredom|old age))|(?:not|never) (?:be )?(?:here|around|alive|born)(?! (?:at|for|on|in|when|by|during|tomorrow|next|this|to (?:see|help|answer))\\b)|disappear(?! (?:for a|from|into|to|off|on|in|with))|(?:get|be|got) (?:hit|run over|killed)(?! (?:by (?:a|the) (?:ball|wave)))|do not wake|never wake|crash(?! (?:course|diet|my|on|at|into bed|out))|(?:i|we) (?:do not|did not|never) (?:make it|survive|come back|wake))\\b',
  ],
  [
    'LIFE_NEGATION',
    '\\b(?:no (?:point|reason|purpose) (?:in |to |of |for )?(?:living|going on|being alive|life|carrying on|keep (?:living|going)|be here|being here|live|stay(?:ing)? alive|existing|any of (?:it|this))|what is the point (?:of|in) (?:living|life|going on|being alive|anything|any of (?:it|this)|trying)|no reason (?:for me )?to (?:live|stay|go on|keep going|carry on|be here|get up)|(?:tired|sick|weary|exhausted) of (?:living|life|being alive|existing|being here)|(?:life|living|it) (?:is not|is no longer|is not really) worth (?:living|it anymore)|not worth living|done with (?:life|living|this life|this world|existing|being alive)|(?:do not|no longer|not|never) want to (?:be )?(?:alive|live|exist|be here|be around|go on|keep living|keep going|wake up)(?! (?:in|at|with|on|for|when|if|near|like (?!this)|without (?!them)|early|so|until|to))|(?:do not|does not|no longer|not|never) want to (?:be here|be alive|live|go on) without (?:him|her|them) (?:anymore|any more)|wish (?:i|that i) (?:had )?(?:never|not) (?:been )?born|nothing (?:left )?to live for|hate (?:being alive|living|existing|waking up)|want out of (?:life|this life|this world|existing)|do not deserve to (?:live|be alive|exist)|should not (?:be alive|exist|have been born))\\b',
  ],
  [
    'FINALITY',
    '\\b(?:my affairs in order(?! this year| for| before (?:the|my) (?:move|trip|retirement|wedding|surgery|operation|baby))|giv(?:e|en|ing) away (?:all )?(?:of )?my (?:\\w+ )?(?:things|stuff|belongings|possessions|clothes|books|games|collection|pets?|dog|cat)|letters? (?:to|for) (?:my|each of my) (?:family|kids|children|parents|sister|brother|wife|husband|partner|mum|dad|friends|loved ones|best friends?)(?! (?:every|each|once|weekly|monthly|more|at christmas))|(?:goodbye|final|last) (?:letters?|notes?|messages?|videos?|texts?)|(?:for|after|when|once|before) i am gone(?! (?:on|for|to|away|travel))|(?:will not|not going to|never) (?:need|be needing) (?:it|them|any of (?:it|this|them)|my \\w+) (?:anymore|any more|where i am going|soon|after)|where i am going\\b(?! (?:on|for) (?:holiday|vacation))|sort out who gets|who gets (?:my|the) (?:cat|dog|things|stuff)|cancel (?:my )?(?:phone contract|subscriptions|accounts)\\b.{0,40}\\b(?:nothing|after)|where (?:they|someone|people) (?:will|would|can) find it|for (?:them|someone) to find|(?:they|someone|people|she|he) (?:will|would|is going to|are going to) find (?:it|them|me|the \\w+) (?:after|when|in the)|what (?:she|he|they) (?:is|are) (?:going to|gonna) find|said (?:everything|all) i (?:needed|wanted|had) to say|sorry for everything|made (?:my )?peace with (?:it|dying|death|the end|leaving)|rehom\\w* my (?:dog|cat|pets?)|new home for my (?:dog|cat|pets?)|take care of my (?:dog|cat|pets?|kids|children) (?:for me|when|after))\\b',
  ],
  [
    'THANKS_ALL',
    '\\b(?:thanks? (?:you )?for everything|thank you for all|i love you all|love you all|remember me|forgive me|sorry for (?:everything|all of it|being a burden))\\b',
  ],
  [
    'MEANS_PREP',
    `\\b(?:(?<!\\b(?:he|she|they|partner|husband|wife|boyfriend|girlfriend|mum|dad|mother|father|carer) (?:\\w+ )?)(?:sav|stockpil|hoard|stash|collect|hid|gather|keep|kept|squirrel)\\w* (?:up )?(?:all )?(?:my |the |some |enough )?(?:\\w+ ){0,2}${MEDS}|enough ${MEDS}|(?:bought|buy|buying|got|ordered|have) (?:a |some )?(?:rope|noose|hose|charcoal|helium)(?! (?:balloons?|bbq|barbecue|briquettes|pipe|reel)\\b)(?! (?:for|to) (?:climb|climbing|the boat|camping|tow|swing|my dog|the dog|the garden|skipping|sail|the bbq|barbecue|balloons|party))|(?:tie|tying|tied) (?:a )?noose|(?:knot|rope|belt|cord) (?:\\w+ ){0,4}(?:hold|take|support) my weight|(?:lined|counted|laid) (?:them |all )?(?:up|out)\\b.{0,20}\\b${MEDS})\\b`,
  ],
  [
    'PLAN',
    '\\b(?:(?:have|got|made|make|making|with) (?:a|the|my) (?:plan|date)|(?:picked|chosen|set|decided on) (?:a|the) (?:date|day|time|place)|(?:worked|figured) out (?:how|when|where)|(?:how|when|where) (?:i (?:would|will|am going to|could|can)|to) (?:do it|go through with it|end it|end things)|go through with it|know (?:exactly )?(?:how|where|when) i (?:would|will|am going to))\\b',
  ],
  [
    'WISH_END',
    '\\b(?:(?:just )?make (?:it|it all|everything|the pain) (?:all )?stop|for (?:it|everything|the pain|it all) to (?:stop|end)(?: hurting)?|(?:want|wish|need|hope|ready for)\\b (?:for )?(?:it all|everything|the pain|it|this|all of this|all of it|my life|life|the hurting|the suffering) (?:to )?(?:just )?(?:stop|end|be over|finish)\\b(?! (?:on|with|in|by|at|before|so|well|early|quickly|soon|this|next|tomorrow)))',
  ],
  [
    'PERMANENT',
    '\\b(?:for good|forever|for ever|permanently|once and for all|for the last time|never again|$)',
  ],
  [
    'METHOD',
    '\\b(?:(?:painless|painful|quick|quickest|easiest|best|surest|fastest|peaceful|least painful|reliable|easy) (?:way|ways|method|methods)? ?to (?:die|drown|hang|go|end it|end things|end my life|kill myself|overdose|bleed out|not wake up)|is it (?:painful|painless|quick|hard) to (?:die|drown|hang|bleed|overdose|jump)|(?:how|ways) to (?:die|kill myself|end my life|end it|hang|overdose|drown|bleed out)|how (?:long|much|many) (?:\\w+ ){0,5}(?:to die|before you die|until you die|to bleed out|to drown|to overdose|would kill)|how long (?:\\w+ ){0,6}(?:to be found|before (?:anyone|someone|they) (?:finds?|notices?))|(?:can|could|would|will|do) (?:you|i|a person|someone|people) (?:die|survive) (?:from|if|after|of))\\b',
  ],
  [
    'METHOD_ACT',
    '\\b(?:(?:hang|hanging|drown|drowning|shoot|shooting|poison|poisoning|gas|gassing|suffocat\\w*|electrocut\\w*|starve) myself|(?:throw|throwing|threw|fling) myself (?:off|from|in front of|under|into (?:the )?(?:river|sea|traffic))|(?:jump|jumped|jumping|leap|leaping|step|stepped|stepping|fall|falling) (?:off|from|in front of) (?:a |the |my )?(?:bridge|building|roof|rooftop|train|cliff|balcony|tower|ledge|overpass|car park|multi storey|window|top floor|platform|bus|lorry|truck)(?! (?:into (?:the )?(?:lake|sea|river|water|pool)|for fun|on holiday))|(?:walk|walking|walked|swim|swimming|swam) (?:out )?into (?:the )?(?:sea|ocean|river|lake|traffic|waves)(?! (?:for|to (?:swim|cool)|on holiday|with))|(?:driv|crash|steer|swerv|plough|ram)\\w* (?:my |the )?(?:car )?(?:into|off) (?:a |the )?(?:tree|wall|bridge|cliff|lorry|truck|oncoming|river|sea|barrier|pillar|motorway)|turn\\w* the (?:wheel|car) into|into (?:the |an )?oncoming (?:lorry|truck|traffic|car|bus|train)|(?:slit|slash|cut|open) (?:my )?wrists?|bleed(?:ing)? out|(?:lie|lying|lay|stand|standing) (?:down )?on (?:the )?(?:tracks|railway|road|motorway))\\b',
  ],
  [
    'EDGE',
    '\\b(?:st(?:and|ood|anding) (?:at|on|by) the (?:edge|ledge|railing|rail|side)|edge of the (?:bridge|roof|platform|cliff|building|balcony)|looking down from|climbed (?:over|onto) the (?:railing|rail|fence|barrier|ledge))\\b',
  ],
  [
    'DEATH',
    '\\b(?:die|dies|died|dying|dead|death|deadly|lethal|fatal|over (?:for good|forever)|end(?:ed)? (?:it|everything|things|the pain)|no more pain|never come back)\\b',
  ],
  [
    'WISH',
    '\\b(?:want|wanted|wants|wanting|wish|wishing|wished|hope|hoping|pray|praying|plan|planning|planned|going to|ready|decided|deciding|thinking (?:about|of)|think about|thought about|thoughts? (?:of|about)|tempted|urge|urges|longing|long for|would rather|rather|prefer|need to|should just|might as well|fantasi[sz]\\w*|daydream\\w*|imagine|imagining|picture|picturing|keep thinking|cannot stop thinking|would not mind|(?:do not|did not) think i would mind|nearly did|almost did|would be (?:fine|okay|ok|easier|better|a relief|nice|peaceful)|welcome|would be glad|looking forward|soon|tonight|will|considering|wonder(?:ing)?|tired of)\\b',
  ],
  [
    'TRAPPED',
    '\\b(?:no way out|trapped|no point|pointless|what is the point|no future|no hope|hopeless|nothing left|nothing to live for|no reason to (?:live|stay|go on|keep|carry on|be here|get up)|cannot (?:go on|carry on|keep going|do this|take (?:it|this|any more|anymore)|cope|face|keep doing this)|give up on (?:life|everything|myself|living)|giving up on (?:life|everything|myself|living)|done with (?:life|everything|it all|living|all of it|this world)|tired of (?:living|life|being alive|existing|fighting|everything|it all)|too tired to (?:keep|go on|carry on|live|fight)|never (?:going to )?get better|end of (?:my|the) (?:rope|tether|road)|run out of (?:reasons|strength|options)|no (?:one|body) left|all alone|out of options|no options left|only way out|only option|only escape|no escape|cannot see a way|see no way|no light|stop trying(?! (?:so|too) hard| to (?:please|impress|be perfect|control|fix|change|keep up|fit in))|given up trying|only (?:one )?way (?:out|that happens|this ends|it ends|it stops|to make it stop)|one way out|(?:it )?(?:never|does not|has not|will not) get(?:s|ting)? better|(?:has|have) not (?:got|gotten) better|(?:do not know|dunno|not sure|no idea) how (?:much )?(?:longer|long) i can (?:do this|go on|keep (?:going|doing this|this up)|take (?:it|this|much more)|cope|carry on|hold on|last)(?! (?:\\w+ )?(?:job|course|diet|pace|commute|work|shift|shifts|schedule|routine|training|plan|degree|role|heat|weather|noise|queue|flight|drive|meeting|meetings|class)))\\b',
  ],
  [
    'BURDEN',
    '\\b(?:burden|better off without me|(?:world|life|everyone|everything) (?:\\w+ ){0,3}without me(?! (?:for|on|at|this|next|while|in the))|better without me|(?:happier|easier|lighter|freer|fine|better off) (?:\\w+ ){0,3}without me|in (?:everyone s|everyones|everybody s|everybodys) way|(?:^|\\bi (?:am|was|feel|felt|keep|get|got|seem|have been|will be|would be|must be|end up|always|just) |\\bme )(?:(?:always|just|only|really|constantly|forever|so|such|being|getting|like i am|like|as|totally|kind of|a bit|literally|simply|clearly|still|standing) )*in (?:their|the|your|his|her) way(?! of (?:my own|myself|my goals?|my progress|my success))|waste of (?:space|air|oxygen|a life|life)|(?:nobody|no one|none of them) (?:would|will|is going to|even) (?:\\w+ )?(?:miss|notice|care)|would not (?:be missed|even notice)|not be missed|nobody needs me|no one needs me|(?:do not|does not) (?:need|want) me|if i (?:was|were) (?:not|no longer) (?:here|around|alive)|world without me|without me (?:around|here|in the picture)|problem for anyone|anyone s problem|drag(?:ging)? (?:everyone|them|my family) down|ruin(?:ing)? everyone s li(?:fe|ves)|cause(?:d)? (?:nothing but|so much) (?:trouble|pain))\\b',
  ],
  [
    'GOODBYE',
    '\\b(?:goodbye|goodbyes|farewell|say bye|last (?:message|time you|goodbye|post|words|text)|final (?:message|goodbye|letter|note|words|post)|(?:my|a) will\\b(?! (?:to|power))|affairs in order|giv(?:e|en|ing) away (?:my|all|most)|letters? (?:to|for) (?:my|each|everyone)|note (?:for|to) (?:my|everyone)|(?:for|after|when|once) i am gone|look after my (?:dog|cat|kids|pets?|children)|take care of my (?:dog|cat|kids|pets?|children) (?:for me|after)|sorry for everything|forgive me|remember me|(?:will not|not going to|never) need (?:it|them|any of (?:it|this|them)|my \\w+)|(?:will not|not going to) be (?:around|here)|see you on the other side|thank you for everything|thanks for everything|(?:passwords|accounts|savings) (?:for|to) my)',
  ],
  [
    'MEANS',
    `\\b(?:${MEDS}|rope|noose|belt|ligature|cord|bridge|roof|rooftop|ledge|balcony|cliff|cliffs|tracks|railway|train|motorway|traffic|gun|pistol|firearm|rifle|blade|blades|razor|razors|knife|exhaust|charcoal|carbon monoxide|hose|garage|heights?|top floor|\\d+(?:th|st|nd|rd)? floor|multi storey|jump|jumped|jumping|hang|hanging|overdose|overdosing|drown|drowning|bleach|poison|antifreeze|car)\\b`,
  ],
  ['MEDS', `\\b${MEDS}\\b`],
  [
    'QUANTITY',
    '\\b(?:all (?:of )?(?:my|the|them|those|these|at once)|the lot|whole|entire|enough|lots|a lot|loads|handful|handfuls|bottles?|box(?:es)?|packets?|packs?|strips?|stockpil\\w*|stash\\w*|saved up|saving up|been saving|hoard\\w*|collect(?:ed|ing)|[1-9]\\d+(?! ?(?:mg|ml|mcg|g|iu|percent|minutes?|mins?|hours?|k|km|miles?|years?|kg|lbs?|am|pm)\\b)|twenty|thirty|forty|fifty|sixty|hundred|dozens?|double|triple|too many|too much|at once|in one go)\\b',
  ],
  [
    'AMOUNT_QUESTION',
    '\\b(?:how many|how much|how long|how high|how far|how fast|how quickly|which (?:one|ones|pills?|meds|medicine|floor|bridge|way)|what (?:dose|amount|happens if)|lethal|fatal|deadly|painless|painlessly|quickest|fastest|easiest|surest|would it take|does it take|enough to|kill (?:you|a person|someone|a human)|would i need|do i need|to not wake|survive|stop your heart|is it possible to die)\\b',
  ],
  [
    'TAKE',
    '\\b(?:take|taking|took|taken|swallow|swallowing|swallowed|down|downing|downed|neck|necking|necked|pop|popping|popped|ate|eat|drink|drank|drinking|overdose|overdosing|jump|jumping|step off|hang|hanging|use|using)\\b',
  ],
  // self-injury
  [
    'SH_ACT',
    '\\b(?:cut|cuts|cutting|carve|carved|carving|(?:burn|burns|burned|burnt|burning)(?! (?:off |through |up )?(?:\\w+ )?(?:calories|cals|kcal|fat|energy|candles?)\\b)(?!(?: the| my| our| his| her| a| some| another)? (?:toast|dinner|lunch|breakfast|tea|rice|pasta|lasagne|lasagna|pizza|cakes?|biscuits|cookies|bread|pans?|pots?|sauce|onions|garlic|chicken|steak|sausages|bacon|eggs|popcorn|food|meal|roast|veg|vegetables|porridge|soup|curry|brownies|pancakes|chips|fries|bottom of the \\w+|midnight oil|bridges)\\b)|scratch|scratches|scratched|scratching|scrape|scraping|scraped|hurt myself|hurting myself|harm myself|harming myself|hit myself|hitting myself|punch(?:ing)? myself|bang(?:ing)? my head|head (?:against|into) (?:the )?wall|bruise|bruising|(?:bite|bites|biting|bit)(?= (?:myself|my|into my|at my|through my|down on my|hard|(?:\\w+ )?(?:until|till|til) (?:it|i|they|there))\\b)|pinch|pinching|pull(?:ing)? out my hair|pick(?:ing)? (?:at )?my (?:skin|scabs|wounds)|blade|blades|(?<!\\b(?:better|new|electric|safety|disposable|cheap|good|decent|mens|womens) )razors?|sharpener|lighter|compass|self harm\\w*|what i do to (?:myself|them|my (?:\\w+ )?(?:arms|legs|body|skin|thighs|wrists))|slic(?:e|ing)|stab(?:bing)? myself|injur\\w* myself|punish(?:ing)? (?:myself|my body))\\b',
  ],
  ['BODY', `\\b(?:my|on my|into my) (?:\\w+ )?${BODY}\\b|\\bmyself\\b`],
  [
    'SH_MOTIVE',
    '\\b(?:relief|release|releases|cope|coping|numb|feel something|feel anything|feel real|calm(?:s)? me|calms me down|deserve|deserved|punish\\w*|only thing that (?:helps|works)|the pain (?:goes|helps|makes)|pain on the outside|physical pain|urge|urges|urged|craving|clean (?:for|days|since)|relapse\\w*|again|secret|hide|hiding|sleeves|scars|marks|plasters|bandages|on purpose|deliberately|until (?:it|i) (?:bleed|bleeds|bruise|bruises)|bleed|bleeds|bleeding|blood|when i (?:am|feel|get) (?:\\w+ )?(?:stressed|angry|sad|anxious|upset|overwhelmed|numb|empty|bad|low))\\b',
  ],
  // eating
  [
    'FOOD',
    '\\b(?:eat|eats|eating|ate|eaten|food|meal|meals|breakfast|lunch|dinner|snack|snacks|calorie|calories|kcal|cals|bite|bites|mouthful|hungry|hunger|appetite|fasting|fasted|fast|starv\\w*|weight|weigh|scale|binge\\w*|portion|portions|cake|slice|biscuits?|chocolate|apple|bread|pizza|sandwich|crisps|rice|pasta|dessert|sweets|treat|treats)\\b',
  ],
  [
    'RESTRICT',
    '\\b(?:skip(?:ping|ped)?|not eat\\w*|not eaten|no food|without food|without eating|stop(?:ped)? eating|starv(?:e|ing|ed) myself|barely|hardly|(?:eat|ate|eating|had) nothing|nothing but|only (?:water|black coffee|coffee|tea|diet coke|gum|one|an apple|a|half)|restrict\\w*|refus\\w*|avoid\\w*|hid(?:e|ing) (?:my |the )?food|throw(?:ing)? (?:my |the )?food away|chew\\w* and spit\\w*|spit\\w* (?:it )?out|fast(?:ing)? for|count(?:ing)? every|under \\d+|less than \\d+|no more than \\d+|earn (?:my|the right)|not allowed to eat|do not let myself|allow myself|(?:have not|not) had (?:anything|a meal|food))\\b',
  ],
  [
    'PURGE',
    '\\b(?:vomit\\w*|throw(?:ing)? (?:it |it all |everything |them )?up|threw (?:it |it all |everything )?up|make myself sick|made myself sick|be sick|purg\\w*|laxatives?|diuretics?|dulcolax|senna|senokot|ex ?lax|bisacodyl|miralax|laxido|movicol|diet pills|water pills|fingers down|down my throat|get rid of (?:it|the food|the calories|what i ate|everything)|(?:bathroom|toilet|loo|meal|ate|eaten|dinner|lunch|breakfast|binge)\\b.{0,40}\\b(?:got|getting) rid of (?:it|all of it|everything|the lot)|burn (?:it )?off|burn off|work (?:it )?off|exercise (?:it )?off|compensat\\w*|undo (?:it|what i ate|the damage))\\b',
  ],
  [
    'BODY_HATE',
    '\\b(?:fat|fatter|disgusting|gross|huge|hate my body|hate how i look|hate (?:my|the) (?:reflection|thighs|stomach|body)|thinner|thin|skinny|bones|ribs|collarbones|hip bones|thigh gap|lose more|smaller|size zero|underweight|too big|obese|pig|whale|flabby|lose (?:another|more)|(?:\\d+|few|another) (?:more )?(?:kg|kilos|pounds|lbs|stone))\\b',
  ],
  [
    'FOOD_GUILT',
    '\\b(?:guilt|guilty|ashamed|shame|panic\\w*|terrified|scared|afraid|frightened|deserve|earn|earned|allowed|punish\\w*|in control|control|failure|weak|disgusted|proud|secret|hide|hiding|nobody knows|no one knows|pretend|lie about|lying about)\\b',
  ],
  [
    'DURATION',
    '\\b(?:(?:for|in|over|the last|the past|nearly|almost|about|like) (?:(?:two|three|four|five|six|seven|several|a few|a couple of|[2-9]|1\\d) (?:days|weeks)|days|a week|weeks)|(?:two|three|four|five|six|seven|several|a few|[2-9]|1\\d) (?:days|weeks) (?:without|of not|straight|in a row)|since (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|last week|the weekend)|all week|whole week|every (?:meal|day|time))\\b',
  ],
  // abuse
  ['KIN', `\\b(?:(?:my|his|her|our|their) (?:\\w+ )?${KIN}s?|he|she|him|they)\\b`],
  [
    'FEAR',
    '\\b(?:hide (?:in the (?:car|bathroom|bedroom|cupboard)|from (?:him|her)|in my room)|take the kids and (?:hide|leave|run|go)|lock (?:myself|ourselves|us) in|(?:him|her) finding out|(?:he|she) finds out|without (?:him|her) knowing|scared|afraid|terrified|frightened|frightening|fear|fearful|walking on eggshells|on eggshells|on edge|flinch\\w*|tiptoe\\w*|dread\\w*|not safe|unsafe|panic|shaking|hide from|hiding from|nervous)\\b',
  ],
  [
    'CONTROL',
    '\\b(?:(?:checks|checked|checking|goes through|went through|reads|read|looks through|monitors|monitoring|tracks|tracking|tracked) (?:all )?(?:of )?my (?:phone|messages|texts|emails|location|bank|spending|receipts|browser|history|social media)|controls? (?:all )?(?:(?:the|my|our) (?:money|finances|bank|account|accounts|wages|salary|pay|phone|car|keys|food|meds|medication)|everything|what i|where i|who i|how i|when i|my life)|controlling|not allowed|(?:will not|would not|does not|never) let(?:s)? me (?:see|go|leave|have|use|talk|work|out|keep|spend|eat|sleep|wear|drive|call|text|visit|get a job|open|touch|speak|contact)|(?:makes?|made|forces?|forced) me (?:to )?(?:(?:stay|sleep|sit|stand) (?:in|on|outside|out)|kneel|go without|beg|hand over|give (?:him|her|them) my)|forbid\\w*|permission|(?:takes?|took|keeps?|kept) (?:all )?(?:my |her |his |the )?(?:\\w+ )?(?:money|wages|pay|salary|pension|card|bank card|phone|keys|car keys|passport|benefits)|(?:checks|checked|checking|watches|monitors|tracks) (?:the|our|my) (?:\\w+ ){0,2}(?:account|accounts|bank|spending|statements|mileage|receipts|location)|took my (?:money|wages|pay|card|phone|keys|passport)|(?:gives|give|given) me (?:an )?(?:allowance|pocket money)|my (?:passwords?|pin)|isolat\\w*|cut me off from|stops? me (?:from )?(?:seeing|going|working|leaving|talking|calling)|stopped me (?:from )?(?:seeing|going|working|leaving)|has to know where i am|where i am (?:every|at all times|all the time)|who i (?:talk to|see|text)|accus\\w* me|(?:says|calls me|called me|said) (?:i am )?(?:a )?(?:slut|whore|bitch|worthless|useless|pathetic|nothing)|takes? (?:it|my phone) away|rage|rages|explodes|loses it|blows up at me|silent treatment|locks me out|locked me out)\\b',
  ],
  [
    'HURT_ME',
    '\\b(?:(?:hits|hit|hitting|slaps|slapped|slapping|pushes|pushed|shoves|shoved|chokes|choked|choking|grabs|grabbed|kicks|kicked|punches|punched|strangles|strangled|beats|beat|beating|shakes|shook|pins|pinned|throws things at|threw (?:\\w+ )?at|twisted|spits on|spat on|bit|bites|burns|burned|hurts|hurt|smacks|smacked|squeezes|squeezed|drags|dragged|restrains|held) (?:me|us|my (?:\\w+ )?(?:neck|arm|arms|wrist|wrists|hair|throat|face)|my (?:\\w+ )?' +
      CHILD +
      ')(?! (?:at|to|into|in (?:chess|cards|a race|the race|tennis|squash|golf|fifa|scrabble|running|the final|a game|the game))\\b)|bruises|bruised|black eye|(?:could not|cannot|couldnt) (?:walk|sit|see|move|stand) (?:right|properly|straight) for|marks on my|hold me down|held me down|raised (?:his|her) (?:hand|fist)|(?:my|the) fault (?:he|she)|after (?:he|she) (?:hit|pushed|grabbed))\\b',
  ],
  [
    'THREAT',
    '\\b(?:threat\\w*|or else|make me pay|kill me|hurt me|take the (?:kids|children|baby)|(?:if|when) i (?:ever )?(?:\\w+ ){0,2}(?:leave|tell|go|report|call|try)|(?:will|would|is going to) (?:find|hunt|track) me|nobody (?:will|would) believe|no one (?:will|would) believe|what (?:he|she) (?:will|would|might) do|ruin me|destroy me|wish i was dead)\\b',
  ],
  [
    'SEXUAL',
    '\\b(?:touch\\w*|in (?:my|the) bed|into my (?:bed|room)|at night|our secret|a secret|not to tell|undress\\w*|naked|photos of me|pictures of me|nudes|sex|sexual\\w*|kiss\\w*|private parts|uncomfortable|(?:his|her) lap|showers? with me|in the bath)\\b',
  ],
  ['CHILD', `\\b${CHILD}\\b`],
  [
    'NEGLECT',
    '\\b(?:lock(?:s|ed)? (?:\\w+ )?(?:in|up|inside|out)|shut(?:s)? (?:\\w+ )?in|not fed|(?:no one|nobody|never) (?:feeds|fed|washes|changes|looks after|picks)|no food|not (?:given|getting) (?:any )?(?:food|meals|dinner)|(?:does not|do not|did not|will not|never|refuse to|refuses to) (?:feed|give (?:him|her|them|us|me) (?:any )?food)|hungry|starving|alone (?:\\w+ ){0,4}(?:for (?:days|(?:\\d+|two|three|four|five|several|a few) (?:days|nights)|hours)|all (?:day|night|weekend)|overnight|at night)|(?:parents|mum|dad|mother|father|adults) (?:have not|has not|did not|never|still have not) (?:come|came) (?:back|home)|(?:has not|have not|not) been (?:home|back) (?:in|for) (?:\\d+|two|three|four|several|a few|days)|left (?:alone|on (?:his|her|their) own|home alone|in the car)|alone (?:\\w+ ){0,3}(?:till|until) (?:late|midnight|dark|after dark)|dirty|filthy|same clothes|bruises|bruised|smack\\w*|belt|cries all night|crying for hours|scared to go home|sleeps? (?:in|on) the (?:floor|shed|garage|car)|no heating|no bed|cage|tied up)\\b',
  ],
  // medical emergency
  [
    'SYMPTOM',
    '\\b(?:chest (?:pain|pains|hurts|is tight|tightness|pressure|feels (?:tight|heavy|crushed)|(?:has |have |had )?(?:been |felt |feeling |gone |going |getting )(?:really |very |so |all )?(?:tight|heavy|crushed))|left arms? (?:has |is |s )?(?:been |gone |going |feels |felt |feeling )?(?:all |really |very )?(?:numb|tingling|heavy|dead|weak)|(?:pain|pressure|tightness|crushing) in (?:my|his|her) chest|crushing|(?:left )?arm (?:is |went |feels )?(?:numb|heavy|tingling|weak|dead)|(?:arm|leg|hand|face|side) (?:\\w+ ){0,2}(?:went|gone|going|is|feels) (?:all |really |very )?(?:numb|weak|limp|floppy|dead)|(?:cannot|can not) smile (?:properly|right)|smile is (?:crooked|lopsided|uneven|wonky)|(?:smile|face|mouth) (?:\\w+ )?(?:looks|look|is|seems|gone|went) (?:\\w+ )?(?:lopsided|crooked|droopy|uneven|wonky)|talking (?:gibberish|nonsense|funny)|(?:blue|grey|purple) (?:around|round) (?:the|his|her|my) (?:lips|mouth)|(?:barely|hardly) breathing|breathing (?:is |feels |feel |seems |has gone |gone |getting )?(?:very |really |so |super )?(?:slow|shallow|weird|strange|funny|laboured|labored)|(?:pain|ache) (?:in|down) (?:my|his|her) (?:left )?(?:arm|jaw)|jaw (?:pain|hurts|aches)|face (?:is )?(?:droop\\w*|drooped|numb|lopsided|fallen|dropped)|droop\\w*|slurr\\w*|words (?:are )?(?:coming out )?(?:wrong|jumbled|muddled|garbled)|cannot (?:speak|talk) (?:properly|clearly|right)|cannot (?:breathe|catch (?:my|his|her) breath|swallow)|struggling to (?:breathe|swallow)|(?:hard|difficult) to breathe|gasping|wheez\\w*|(?:throat|tongue|lips|face|mouth) (?:is |are |feels |feel |looks )?(?:swell\\w*|swollen|closing|tight|huge|thick|puffy|puffed up)|drooling|(?:unconscious|unresponsive|not responding|will not wake|cannot wake|not waking|not breathing|stopped breathing|collapsed)|(?:lips|face|skin) (?:are |is |turning |gone |going )?(?:blue|grey|gray)|turning blue|seizure|fitting|convuls\\w*|bleeding (?:quite |really |very |so )?(?:heavily|badly|a lot|loads|everywhere)|pregnant\\b.{0,40}\\b(?:bleeding|waters (?:have )?broke\\w*|(?:baby|she|he) (?:is not|has not|stopped|not) (?:moving|kicking|moved|kicked))|(?:will not|cannot|does not) stop bleeding|blood (?:everywhere|pouring|gushing)|(?:vomit|cough|throw)\\w* (?:up )?blood|blood when i cough|worst headache|sudden\\w* (?:severe |bad |terrible )?headache|(?:cannot|can not) (?:move|feel|lift) (?:my|his|her|one) (?:\\w+ )?(?:arm|leg|side|face)|one side (?:of (?:my|his|her) (?:face|body) )?(?:is )?(?:weak|numb|drooping)|not making sense|anaphyla\\w*|allergic reaction|hives|(?:can|could|cannot|can not) (?:barely|hardly) (?:talk|speak|breathe|get (?:a|his|her|my|their) words out)|(?:asthma attack|inhaler|puffer)\\b.{0,40}\\b(?:not working|is not working|not helping|is not helping|does nothing|did nothing|not doing anything|is not doing anything)|(?:vomit\\w*|throw\\w* up|sick)\\b.{0,30}\\bcoffee grounds|(?:black|tarry|tar like) (?:tarry )?(?:poo|stools?|diarrhoea|diarrhea)|(?:belly|stomach|tummy|abdomen) (?:\\w+ ){0,3}(?:hard|rigid|stiff) (?:like|as) (?:wood|a board|a rock|rock|board))\\b',
  ],
  [
    'WEAK_SYMPTOM',
    '\\b(?:confused|disoriented|fainted|passed out|blacked out|cold and clammy|clammy|sweating|sweaty|racing heart|heart (?:is )?(?:racing|pounding)|dizzy|faint|fainting|pale|grey|gray|vomiting|being sick|shaking|numb|tingling|cannot stand|shaky|(?:feel|feeling|felt) sick|nause\\w*|(?:about to|going to|might|gonna) (?:pass out|faint|black out)|cannot think straight|(?:cannot|can not) (?:really )?feel (?:my|his|her) (?:legs|arms|hands|feet|face))\\b',
  ],
  [
    'ACUTE',
    '\\b(?:now|right now|just|suddenly|sudden|started|starting|minutes?|an hour|hours ago|this morning|tonight|getting worse|worse|keeps|will not stop|cannot stop|is|are|am|feels?|feeling|help|ambulance|what do i do|what should i do|happening)\\b',
  ],
  [
    'WANT_TAKE_LOTS',
    `\\b(?:want|wanted|going|plan|planning|ready|tempted|urge|decided|thinking (?:about|of)|could|should just|might just|will|about) (?:to )?(?:just )?(?:take|taking|swallow|swallowing|down|downing|neck|necking)\\b.{0,30}\\b(?:all|whole|entire|every|the lot|them all|at once|bottle|box|packet|handful|[1-9]\\d+|twenty|thirty|forty|fifty|hundred|enough|too many)\\b(?:.{0,30}\\b${MEDS}\\b)?`,
  ],
  [
    'INGEST_DANGER',
    `\\b(?:took|taken|swallowed|ate|eaten|drank|drunk|downed|necked|popped|had|overdosed on|mixed)\\b.{0,40}\\b(?:(?:all|whole|entire|bottle|box|packet|handful|[1-9]\\d+|twenty|thirty|forty|fifty|too many|too much|double|triple|lots|loads)\\b.{0,30}\\b${MEDS}|bleach|antifreeze|drain cleaner|rat poison|weed ?killer|poison|batter(?:y|ies)|detergent|(?:laundry|dishwasher) (?:pods?|tablets?|capsules?)|methanol|white spirit)\\b`,
  ],
  // harm to others
  [
    'VIOLENCE',
    '\\b(?:kill|killing|murder|murdering|stab|stabbing|shoot|shooting|strangle|strangling|hurt|hurting|harm|harming|beat (?:up|the)|batter|smash (?:his|her|their)|punch|punching|choke|choking|poison|poisoning|attack|attacking|run (?:\\w+ )?over|burn (?:down|\\w+ house)|mak(?:e|ing) (?:him|her|them|\\w+) (?:pay|suffer|bleed)|(?:with|in) blood|suffer|bleed|snap (?:his|her) neck|break (?:his|her|their) (?:neck|legs?|face|jaw)|slit|destroy|torture|get (?:back at|revenge|even)|revenge|teach (?:him|her|them) a lesson|shak(?:e|ing|en) (?:the|my) baby|smother|hit (?:him|her|them|my|the)|drown (?:him|her|them|the|my))\\b',
  ],
  [
    'I_VIOLENT',
    '\\bi (?:\\w+ ){0,5}(?:kill|murder|stab|shoot|strangl|hurt|harm|beat|batter|smash|punch|chok|poison|attack|run|burn|mak|snap|break|slit|destroy|tortur|get|teach|shak|smother|hit|drown|slap|kick|throw|push|cut|slash|knif)\\w*\\b(?! (?:me|myself|my ?self|it|out|time)\\b)',
  ],
  [
    'TARGET',
    `\\b(?:him|her|them|my (?:\\w+ )?(?:${KIN}|boss|manager|coworker|co worker|colleague|colleagues|neighbour|neighbours|teacher|classmate|classmates|roommate|flatmate|landlord|friend|baby|kids|children)|people|everyone|everybody|someone|somebody|that (?:guy|man|woman|girl|person)|the (?:people|guy|man|woman) (?:who|at|next)|whoever|the whole (?:office|class|school))\\b`,
  ],
  [
    'WEAPON',
    '\\b(?:gun|guns|pistol|rifle|shotgun|firearm|ammo|ammunition|knife|knifes|knives|machete|axe|bat|baseball bat|hammer|crowbar|acid|poison|crossbow|bomb|explosives?)\\b',
  ],
  [
    'INTENT',
    '\\b(?:want to|wanted to|going to|will|plan|planning|planned|fantasi[sz]\\w*|imagin\\w*|picturing|keep thinking about|cannot stop thinking about|urge|urges|tempted|ready to|about to|could|might|afraid i (?:will|might)|scared i (?:will|might)|worried i (?:will|might)|thoughts of|thinking (?:about|of)|think about|dream(?:ing)? (?:about|of)|deserves?|one day i will|swear|mean it|know where (?:he|she|they) (?:lives?|works?))\\b',
  ],
  [
    'ANGER',
    '\\b(?:(?:gets|is|getting) drunk|drinking again|drunk again|when (?:he|she) drinks|angry|anger|rage|furious|snap|lose it|losing it|lose control|losing control|hate (?:him|her|them)|revenge|deserves? (?:it|to)|pay for|what (?:he|she|they) did|had enough of (?:him|her|them))\\b',
  ],
];
