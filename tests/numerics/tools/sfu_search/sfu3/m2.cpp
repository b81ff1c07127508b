#include "h_common.hpp"
int main(){ auto rows=load(); V d;
 for(size_t t=0;t<rows.size();++t){auto&r=rows[t]; uint32_t q=rsqv(r.s,d); uint32_t o=rcpv(q,d); if(o==r.g) continue;
  std::string ks; for(int k=-3;k<=3;++k) if(rcpv(q+k,d)==r.g) ks+=std::to_string(k)+",";
  std::string ss; for(int k=-3;k<=3;++k) if(rcpv(rsqv(r.s+k,d),d)==r.g) ss+=std::to_string(k)+",";
  int e=(int)((r.s>>23)&255)-127; int odd=e&1; uint32_t f=r.s&0x7fffff; i128 S=evalS(kRsqRom,(odd<<7)|(f>>16),kRsqGrid,7,f,d);
  long double Sv=ldexpl((long double)S,-KS); long double m=(1+ldexpl(f,-23))*(odd?2:1); long double ex=1/sqrtl(m);
  // rounding position: units of half-ulp (2^-25) since Sv in (0.5,1]
  long double pos=ldexpl(Sv,25); long double fr=pos-floorl(pos); int lsb=((long long)floorl(ldexpl(Sv,24)))&1; long double fr2=ldexpl(Sv,24)-floorl(ldexpl(Sv,24));
  printf("t=%4zu s=%08X odd=%d sidx=%3d sxl=%5u qk={%s} sk={%s} rsqSerr=%+.3f(2^-26) rsq frac-in-ulp=%.3f lsb=%d  ex-frac=%.3f\n",t,r.s,odd,f>>16,f&0xffff,ks.c_str(),ss.c_str(),(double)ldexpl(Sv-ex,26),(double)fr2,lsb,(double)(ldexpl(ex,24)-floorl(ldexpl(ex,24))));}
}
