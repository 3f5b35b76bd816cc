/**
 * The offline geocoder's places: Saudi Arabia's main cities and the main districts of the largest ones, with
 * approximate centres (to about a kilometre: enough to bring the map to the right neighbourhood, where the diner or
 * manager then places the pin). [name ar, name en, lat, lng, in (city key, or the region for a city)].
 */
export interface GazetteerCity {
  key: string;
  ar: string;
  en: string;
  lat: number;
  lng: number;
  region: { ar: string; en: string };
  districts: readonly (readonly [ar: string, en: string, lat: number, lng: number])[];
}

export const SAUDI_GAZETTEER: readonly GazetteerCity[] = [
  {
    key: 'riyadh',
    ar: 'الرياض',
    en: 'Riyadh',
    lat: 24.7136,
    lng: 46.6753,
    region: { ar: 'منطقة الرياض', en: 'Riyadh Region' },
    districts: [
      ['العليا', 'Olaya', 24.6953, 46.6853],
      ['الملز', 'Al Malaz', 24.6646, 46.731],
      ['السليمانية', 'As Sulimaniyah', 24.7048, 46.7034],
      ['المربع', 'Al Murabba', 24.65, 46.71],
      ['البطحاء', 'Al Batha', 24.633, 46.715],
      ['النخيل', 'An Nakheel', 24.7552, 46.6441],
      ['الياسمين', 'Al Yasmin', 24.827, 46.6396],
      ['الملقا', 'Al Malqa', 24.805, 46.613],
      ['حطين', 'Hittin', 24.763, 46.6],
      ['الصحافة', 'As Sahafah', 24.8, 46.638],
      ['الورود', 'Al Wurud', 24.721, 46.675],
      ['الروضة', 'Ar Rawdah', 24.74, 46.772],
      ['النسيم', 'An Naseem', 24.739, 46.82],
      ['العقيق', 'Al Aqiq', 24.773, 46.627],
      ['الدرعية', 'Diriyah', 24.734, 46.575],
      ['الربوة', 'Ar Rabwah', 24.69, 46.76],
      ['السويدي', 'As Suwaidi', 24.59, 46.64],
      ['الشفا', 'Ash Shifa', 24.55, 46.7],
      ['النرجس', 'An Narjis', 24.86, 46.67],
      ['قرطبة', 'Qurtubah', 24.81, 46.74],
    ],
  },
  {
    key: 'jeddah',
    ar: 'جدة',
    en: 'Jeddah',
    lat: 21.4858,
    lng: 39.1925,
    region: { ar: 'منطقة مكة المكرمة', en: 'Makkah Region' },
    districts: [
      ['الحمراء', 'Al Hamra', 21.527, 39.165],
      ['الروضة', 'Ar Rawdah', 21.564, 39.158],
      ['البلد', 'Al Balad', 21.485, 39.187],
      ['الشاطئ', 'Ash Shati', 21.595, 39.11],
      ['الزهراء', 'Az Zahra', 21.587, 39.143],
      ['أبحر', 'Obhur', 21.73, 39.1],
      ['الصفا', 'As Safa', 21.584, 39.215],
      ['السلامة', 'As Salamah', 21.588, 39.156],
      ['الرحاب', 'Ar Rehab', 21.55, 39.21],
      ['النعيم', 'An Naeem', 21.61, 39.14],
    ],
  },
  {
    key: 'makkah',
    ar: 'مكة المكرمة',
    en: 'Makkah',
    lat: 21.3891,
    lng: 39.8579,
    region: { ar: 'منطقة مكة المكرمة', en: 'Makkah Region' },
    districts: [
      ['العزيزية', 'Al Aziziyah', 21.408, 39.886],
      ['الشوقية', 'Ash Shawqiyah', 21.36, 39.8],
      ['العوالي', 'Al Awali', 21.35, 39.88],
    ],
  },
  {
    key: 'madinah',
    ar: 'المدينة المنورة',
    en: 'Madinah',
    lat: 24.5247,
    lng: 39.5692,
    region: { ar: 'منطقة المدينة المنورة', en: 'Madinah Region' },
    districts: [
      ['قباء', 'Quba', 24.44, 39.617],
      ['العزيزية', 'Al Aziziyah', 24.43, 39.6],
    ],
  },
  {
    key: 'dammam',
    ar: 'الدمام',
    en: 'Dammam',
    lat: 26.4207,
    lng: 50.0888,
    region: { ar: 'المنطقة الشرقية', en: 'Eastern Province' },
    districts: [
      ['الشاطئ', 'Ash Shati', 26.46, 50.13],
      ['الفيصلية', 'Al Faisaliyah', 26.4, 50.05],
      ['المزروعية', 'Al Mazruiyah', 26.44, 50.08],
    ],
  },
  {
    key: 'khobar',
    ar: 'الخبر',
    en: 'Al Khobar',
    lat: 26.2172,
    lng: 50.1971,
    region: { ar: 'المنطقة الشرقية', en: 'Eastern Province' },
    districts: [
      ['العقربية', 'Al Aqrabiyah', 26.29, 50.2],
      ['الثقبة', 'Ath Thuqbah', 26.26, 50.19],
      ['الراكة', 'Ar Rakah', 26.35, 50.18],
    ],
  },
  ...(
    [
      ['dhahran', 'الظهران', 'Dhahran', 26.2361, 50.0393, 'المنطقة الشرقية', 'Eastern Province'],
      ['jubail', 'الجبيل', 'Al Jubail', 27.0046, 49.646, 'المنطقة الشرقية', 'Eastern Province'],
      ['hofuf', 'الهفوف', 'Al Hofuf', 25.3647, 49.5876, 'المنطقة الشرقية', 'Eastern Province'],
      ['qatif', 'القطيف', 'Al Qatif', 26.5196, 50.0115, 'المنطقة الشرقية', 'Eastern Province'],
      ['hafr', 'حفر الباطن', 'Hafar Al Batin', 28.4328, 45.9708, 'المنطقة الشرقية', 'Eastern Province'],
      ['taif', 'الطائف', 'Taif', 21.2703, 40.4158, 'منطقة مكة المكرمة', 'Makkah Region'],
      ['yanbu', 'ينبع', 'Yanbu', 24.0895, 38.0618, 'منطقة المدينة المنورة', 'Madinah Region'],
      ['tabuk', 'تبوك', 'Tabuk', 28.3835, 36.5662, 'منطقة تبوك', 'Tabuk Region'],
      ['abha', 'أبها', 'Abha', 18.2164, 42.5053, 'منطقة عسير', 'Asir Region'],
      ['khamis', 'خميس مشيط', 'Khamis Mushait', 18.3, 42.7333, 'منطقة عسير', 'Asir Region'],
      ['buraidah', 'بريدة', 'Buraidah', 26.326, 43.975, 'منطقة القصيم', 'Qassim Region'],
      ['unaizah', 'عنيزة', 'Unaizah', 26.0843, 43.9935, 'منطقة القصيم', 'Qassim Region'],
      ['hail', 'حائل', 'Hail', 27.5114, 41.7208, 'منطقة حائل', 'Hail Region'],
      ['jazan', 'جازان', 'Jazan', 16.8892, 42.5511, 'منطقة جازان', 'Jazan Region'],
      ['najran', 'نجران', 'Najran', 17.4917, 44.1322, 'منطقة نجران', 'Najran Region'],
      ['kharj', 'الخرج', 'Al Kharj', 24.1556, 47.3122, 'منطقة الرياض', 'Riyadh Region'],
      ['arar', 'عرعر', 'Arar', 30.9753, 41.0381, 'منطقة الحدود الشمالية', 'Northern Borders Region'],
      ['sakaka', 'سكاكا', 'Sakaka', 29.9697, 40.2064, 'منطقة الجوف', 'Al Jawf Region'],
      ['baha', 'الباحة', 'Al Bahah', 20.0129, 41.4677, 'منطقة الباحة', 'Al Bahah Region'],
    ] as const
  ).map(([key, ar, en, lat, lng, regionAr, regionEn]) => ({
    key,
    ar,
    en,
    lat,
    lng,
    region: { ar: regionAr, en: regionEn },
    districts: [],
  })),
];
